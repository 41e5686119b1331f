/**
 * Merchant portal sessions, made as console sessions are (operator/operator-sessions.ts): a random
 * id in an HttpOnly cookie of its own (`merchant_session`), stored as its SHA-256 digest with an
 * absolute expiry; the CSRF token is an HMAC of the id under SECRET_KEY in the `merchant` scope,
 * so a console token is no portal token and the other way round.
 */
import { digest, randomToken } from '../operator/operator-accounts.js';
import type { Queryable } from '../store/db.js';
import {
  deleteExpiredPortalSessions,
  deletePortalSession,
  insertPortalSession,
  livePortalSession,
  type PortalSession,
} from './portal-session-store.js';

export const PORTAL_COOKIE = 'merchant_session';
export const PORTAL_CSRF_SCOPE = 'merchant';

export async function createPortalSession(
  db: Queryable,
  input: { readonly userId: string; readonly clientIp: string; readonly userAgent: string },
  now: Date,
  ttlSeconds: number,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken('');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await deleteExpiredPortalSessions(db, now);
  await insertPortalSession(
    db,
    {
      idDigest: digest(id),
      userId: input.userId,
      expiresAt,
      clientIp: input.clientIp,
      userAgent: input.userAgent.slice(0, 256),
    },
    now,
  );
  return { id, expiresAt };
}

export async function findPortalSession(
  db: Queryable,
  id: string,
  now: Date,
): Promise<PortalSession | undefined> {
  if (id === '' || id.length > 100) return undefined;
  return livePortalSession(db, digest(id), now);
}

export async function endPortalSession(db: Queryable, id: string): Promise<void> {
  await deletePortalSession(db, digest(id));
}
