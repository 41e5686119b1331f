/**
 * The operator API's authentication, two ways in:
 * - `Authorization: Bearer <token>` (Hono's `bearerAuth`): the root OPERATOR_TOKEN, compared in
 *   constant time, or a named operator's token, looked up by its digest;
 * - the console's session cookie (no Authorization header): a live session, and for every
 *   state-changing request the service's own origin and the session's CSRF token in
 *   `X-CSRF-Token` (double submit: a cross-site page can neither read the token nor set the header).
 * Failures only are throttled, per client: after a burst of failed attempts a client's wrong
 * tokens are answered 429 with `Retry-After` until its bucket refills, while a request bearing a
 * valid token or a live session always goes through. The throttle is against guessing, not a
 * gate for the owner: the tokens are long random secrets (production refuses a short or
 * repetitive one, config.ts), so what keeps a guesser out is the token's length, and a throttle
 * that also refused the right token would let anyone sharing an address with the operators
 * (everyone behind a proxy without TRUST_PROXY) lock them all out with ten requests a minute.
 * The failure counts are kept in the store, so on PostgreSQL they hold across every process.
 * The acting operator's name is the context variable `operatorName` (and in the request's log lines).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { HTTPException } from 'hono/http-exception';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import { clientIp } from '../http/client-ip.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { requestLog, requestRecord } from '../http/request-record.js';
import type { RateLimit } from '../rate-limit.js';
import { storeRateLimiter } from '../store/rate-limit-store.js';
import { operatorForToken } from './operator-accounts.js';
import { findSession, isValidCsrfToken } from './operator-sessions.js';
import { isSafeMethod, isSameOriginRequest } from './request-origin.js';
import { sessionCookie } from './session-cookie.js';

/** Ten failures in a row, then one more attempt a minute. */
export const OPERATOR_AUTH_FAILURES: RateLimit = { burst: 10, perSecond: 1 / 60 };
export const OPERATOR_REALM = 'operator';
export const CSRF_HEADER = 'X-CSRF-Token';

export function operatorAuth(
  deps: AppDeps,
  limit: RateLimit = OPERATOR_AUTH_FAILURES,
): MiddlewareHandler<OperatorEnv> {
  const cookie = sessionCookie(deps.config.publicBaseUrl);
  const failures = storeRateLimiter(deps.db, 'operator_auth', limit);
  const noop = async () => {};
  const plainChallenge = `Bearer realm="${OPERATOR_REALM}"`;

  return async (c, next) => {
    const sessionId = c.req.header('authorization') === undefined ? cookie.read(c) : undefined;
    let name: string | undefined;
    let challenge: string | undefined;
    if (sessionId !== undefined) {
      name = await sessionOperator(deps, c, sessionId);
      if (name === undefined) challenge = plainChallenge;
    } else {
      const bearer = bearerAuth({
        realm: OPERATOR_REALM,
        verifyToken: async (token) => {
          name = await operatorForToken(deps.db, deps.config.operatorToken, token);
          return name !== undefined;
        },
      });
      try {
        // bearerAuth is typed for the default environment; the context is the same object.
        await bearer(c as unknown as Context, noop);
      } catch (error) {
        if (!(error instanceof HTTPException)) throw error;
        challenge = error.getResponse().headers.get('WWW-Authenticate') ?? plainChallenge;
      }
    }
    if (challenge !== undefined || name === undefined) {
      const client = clientIp(c, deps.config.trustProxy);
      const counted = await failures.take(client, deps.clock.now());
      requestLog(c).warn('operator authentication failed', { client, throttled: !counted.allowed });
      if (!counted.allowed) {
        throw new AppError(
          ERROR_CODES.rateLimited,
          'too many failed operator authentications from this client; try again later',
          { headers: { 'Retry-After': String(counted.retryAfterSeconds) } },
        );
      }
      throw new AppError(
        ERROR_CODES.unauthorized,
        'Authorization: "Bearer <operator token>" with a valid token, or a console session, is required',
        { headers: { 'WWW-Authenticate': challenge ?? plainChallenge } },
      );
    }
    c.set('operatorName', name);
    requestRecord(c).bind({ operator: name });
    await next();
  };
}

/** The operator of a live session; a write must also pass the origin and CSRF checks (403). */
async function sessionOperator(deps: AppDeps, c: Context, sessionId: string): Promise<string | undefined> {
  const session = await findSession(deps.db, sessionId, deps.clock.now());
  if (!session) return undefined;
  if (!isSafeMethod(c.req.method)) {
    if (!isSameOriginRequest(c, deps.config.publicBaseUrl)) {
      throw new AppError(ERROR_CODES.forbidden, 'Origin: cross-site requests are refused');
    }
    if (!isValidCsrfToken(deps.config.secretKey, sessionId, c.req.header(CSRF_HEADER))) {
      throw new AppError(ERROR_CODES.forbidden, `${CSRF_HEADER}: missing or not this session's token`);
    }
  }
  return session.operator_name;
}
