/**
 * The console's session endpoints under /console/api: sign in with an operator token (root or
 * named) for a session cookie, read the session (operator name, expiry, CSRF token), sign out.
 * Failed sign-ins count with failed bearer tokens per client address, in the store; a valid token
 * always signs in.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import { clientIp } from '../http/client-ip.js';
import { refuseWhenLimited } from '../http/rate-limiter.js';
import { requestLog } from '../http/request-record.js';
import { isActiveOperator, operatorForToken } from '../operator/operator-accounts.js';
import { CSRF_HEADER, OPERATOR_AUTH_FAILURES } from '../operator/operator-auth.js';
import {
  CONSOLE_CSRF_SCOPE,
  consoleSessions,
  createSession,
  csrfTokenFor,
} from '../operator/operator-sessions.js';
import { sessionCookie } from '../operator/session-cookie.js';
import { sessionEdge } from '../operator/session-edge.js';
import type { RateLimit } from '../rate-limit.js';
import { storeRateLimiter } from '../store/rate-limit-store.js';
import { SESSION, SIGN_IN, SIGN_OUT } from './console-api.js';

const ok = <T>(data: T) => ({ result: 'success' as const, data });

export function sessionRoutes(deps: AppDeps, limit: RateLimit = OPERATOR_AUTH_FAILURES) {
  const app = new Hono();
  const { db, clock, config } = deps;
  const cookie = sessionCookie(config.publicBaseUrl);
  // Failed sign-ins count with failed bearer tokens, per client, in the store (all processes).
  const failures = storeRateLimiter(db, 'operator_auth', limit);
  const sessionView = (sessionId: string, operator: string, expiresAt: Date) => ({
    signed_in: true as const,
    operator,
    expires_at: expiresAt.toISOString(),
    csrf_token: csrfTokenFor(config.secretKey, sessionId),
    csrf_header: CSRF_HEADER,
  });
  const edge = sessionEdge(deps, cookie, consoleSessions, CONSOLE_CSRF_SCOPE);

  // A cross-site sign-in is refused before its body is read. Only failures are throttled (below):
  // a valid token always signs in, whatever others sent from the same address.
  SIGN_IN.register(app, edge.admit, async (c) => {
    const { token } = c.req.valid('json');
    const operator = await operatorForToken(db, config.operatorToken, token.trim());
    if (operator === undefined) {
      // Only failures are throttled: the right token always signs in (operator/operator-auth.ts).
      const client = clientIp(c, config.trustProxy);
      const counted = await failures.take(client, clock.now());
      requestLog(c).warn('console sign-in refused', { client, throttled: !counted.allowed });
      refuseWhenLimited(counted, 'sign-in: too many attempts, try again later');
      throw new AppError(ERROR_CODES.unauthorized, 'token: not a valid operator token');
    }
    const now = clock.now();
    const session = await createSession(
      db,
      {
        operatorName: operator,
        clientIp: clientIp(c, config.trustProxy),
        userAgent: c.req.header('user-agent') ?? '',
      },
      now,
      config.consoleSessionSeconds,
    );
    cookie.write(c, session.id, config.consoleSessionSeconds);
    c.header('Cache-Control', 'no-store');
    requestLog(c).info('console sign-in', { operator });
    return c.json(ok(sessionView(session.id, operator, session.expiresAt)), 201);
  });

  SESSION.register(app, async (c) => {
    const live = await edge.current(c);
    // Not signed in is an expected answer for the page's first question, not an error.
    if (!live || !(await isActiveOperator(db, live.session.operator_name))) {
      return c.json(ok({ signed_in: false as const }));
    }
    return c.json(ok(sessionView(live.id, live.session.operator_name, live.session.expires_at)));
  });

  SIGN_OUT.register(app, edge.signOut);

  return app;
}
