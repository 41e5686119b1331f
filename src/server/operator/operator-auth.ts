/**
 * The operator API's authentication: only `Authorization: Bearer <token>` (Hono's `bearerAuth`,
 * the token compared in constant time), 401 with `WWW-Authenticate` otherwise, and failures
 * throttled per client: after a burst of failed attempts a client is answered 429 with
 * `Retry-After`, right token or not, until its bucket refills. The failure counts are kept in
 * the store, so on PostgreSQL they hold across every service process.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { HTTPException } from 'hono/http-exception';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import { clientIp } from '../http/client-ip.js';
import type { RateLimit } from '../http/rate-limiter.js';
import { storeRateLimiter } from '../http/store-rate-limiter.js';

/** Ten failures in a row, then one more attempt a minute. */
export const OPERATOR_AUTH_FAILURES: RateLimit = { burst: 10, perSecond: 1 / 60 };
export const OPERATOR_REALM = 'operator';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function operatorAuth(deps: AppDeps, limit: RateLimit = OPERATOR_AUTH_FAILURES): MiddlewareHandler {
  const configured = deps.config.operatorToken;
  const expected = digest(configured ?? '');
  // Digests of equal length make the comparison constant-time whatever the token's length.
  const verifyToken = (token: string) => configured !== undefined && timingSafeEqual(digest(token), expected);
  const bearer = bearerAuth({ realm: OPERATOR_REALM, verifyToken });
  const failures = storeRateLimiter(deps.db, 'operator_auth', limit);
  const noop = async () => {};

  return async (c, next) => {
    const client = clientIp(c, deps.config.trustProxy);
    const throttled = await failures.peek(client, deps.clock.now());
    if (!throttled.allowed) {
      throw new AppError(
        ERROR_CODES.rateLimited,
        'too many failed operator authentications from this client; try again later',
        { headers: { 'Retry-After': String(throttled.retryAfterSeconds) } },
      );
    }
    let challenge: string | undefined;
    try {
      await bearer(c, noop);
    } catch (error) {
      if (!(error instanceof HTTPException)) throw error;
      challenge = error.getResponse().headers.get('WWW-Authenticate') ?? `Bearer realm="${OPERATOR_REALM}"`;
    }
    if (challenge !== undefined) {
      await failures.take(client, deps.clock.now());
      c.get('log')?.warn('operator authentication failed', { client });
      throw new AppError(
        ERROR_CODES.unauthorized,
        'Authorization: "Bearer <operator token>" with a valid token is required',
        { headers: { 'WWW-Authenticate': challenge } },
      );
    }
    await next();
  };
}
