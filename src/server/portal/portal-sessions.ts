/**
 * Merchant portal sessions, made as console sessions are (operator/operator-sessions.ts): a random
 * id in an HttpOnly cookie of its own (`merchant_session`), stored as its SHA-256 digest with an
 * absolute expiry; the CSRF token is an HMAC of the id under SECRET_KEY in the `merchant` scope,
 * so a console token is no portal token and the other way round.
 */
import { type SessionClient, signInSessions } from '../operator/operator-sessions.js';
import { portalSessionTable } from './portal-session-store.js';

export const PORTAL_COOKIE = 'merchant_session';
export const PORTAL_CSRF_SCOPE = 'merchant';

export interface NewPortalSession extends SessionClient {
  readonly userId: string;
}

export const portalSessions = signInSessions(portalSessionTable, (input: NewPortalSession) => input.userId);

export const createPortalSession = portalSessions.begin;
export const findPortalSession = portalSessions.find;
