/**
 * The merchant portal's authentication: a live portal session cookie, and for every
 * state-changing request the service's own origin and the session's CSRF token in
 * `X-CSRF-Token`, as the console's (operator/operator-auth.ts). The signed-in user and their
 * merchant become the context variables every portal route is scoped by. Sign-in is throttled in
 * portal-session-routes.ts; a request without a session is simply refused (a session id is a
 * 256-bit random secret, so there is nothing to guess).
 */
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import type { PortalEnv } from '../http/portal-env.js';
import { requestRecord } from '../http/request-record.js';
import { CSRF_HEADER } from '../operator/operator-auth.js';
import { isValidCsrfToken } from '../operator/operator-sessions.js';
import { isSafeMethod, isSameOriginRequest } from '../operator/request-origin.js';
import { sessionCookie } from '../operator/session-cookie.js';
import { findPortalSession, PORTAL_COOKIE, PORTAL_CSRF_SCOPE } from './portal-sessions.js';

export function portalAuth(deps: AppDeps): MiddlewareHandler<PortalEnv> {
  const cookie = sessionCookie(deps.config.publicBaseUrl, PORTAL_COOKIE);
  return async (c, next) => {
    const id = cookie.read(c);
    const session = id ? await findPortalSession(deps.db, id, deps.clock.now()) : undefined;
    if (!id || !session) {
      throw new AppError(ERROR_CODES.unauthorized, 'a merchant portal session is required: sign in');
    }
    if (!isSafeMethod(c.req.method)) {
      if (!isSameOriginRequest(c, deps.config.publicBaseUrl)) {
        throw new AppError(ERROR_CODES.forbidden, 'Origin: cross-site requests are refused');
      }
      if (!isValidCsrfToken(deps.config.secretKey, id, c.req.header(CSRF_HEADER), PORTAL_CSRF_SCOPE)) {
        throw new AppError(ERROR_CODES.forbidden, `${CSRF_HEADER}: missing or not this session's token`);
      }
    }
    c.set('merchantUid', session.merchant_uid);
    c.set('userId', session.user_id);
    c.set('userEmail', session.email);
    requestRecord(c).bind({ merchant: session.merchant_uid, merchant_user: session.user_id });
    await next();
  };
}
