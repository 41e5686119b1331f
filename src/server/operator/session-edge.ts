/**
 * What the console's and the merchant portal's session routes do alike (console/session-routes.ts,
 * portal/portal-session-routes.ts): refuse a cross-site request, read the live session its cookie
 * names, and sign out, the session's CSRF token required while it lives. Each passes its cookie,
 * its sessions and the scope of its CSRF tokens.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import { success } from '../http/envelope.js';
import type { Queryable } from '../store/db.js';
import { CSRF_HEADER } from './operator-auth.js';
import { isValidCsrfToken } from './operator-sessions.js';
import { isSameOriginRequest } from './request-origin.js';
import type { SessionCookie } from './session-cookie.js';

/** The sessions of one table as the routes use them: found by the id a cookie holds, ended. */
export interface LiveSessions<T> {
  find(db: Queryable, id: string, now: Date): Promise<T | undefined>;
  end(db: Queryable, id: string): Promise<void>;
}

export function sessionEdge<T>(
  deps: AppDeps,
  cookie: SessionCookie,
  sessions: LiveSessions<T>,
  csrfScope: string,
) {
  const { db, clock, config } = deps;

  const refuseCrossSite = (c: Context) => {
    if (!isSameOriginRequest(c, config.publicBaseUrl)) {
      throw new AppError(ERROR_CODES.forbidden, 'Origin: cross-site requests are refused');
    }
  };

  /** Before a sign-in's body is read: a cross-site request is refused. */
  const admit: MiddlewareHandler = async (c, next) => {
    refuseCrossSite(c);
    await next();
  };

  /** The live session the request's cookie names, with its id; the answer is not to be stored. */
  const current = async (c: Context): Promise<{ id: string; session: T } | undefined> => {
    c.header('Cache-Control', 'no-store');
    const id = cookie.read(c);
    const session = id ? await sessions.find(db, id, clock.now()) : undefined;
    return id && session ? { id, session } : undefined;
  };

  /** Signs out: ends the live session, if any, when the request carries its CSRF token. */
  const signOut = async (c: Context) => {
    refuseCrossSite(c);
    const live = await current(c);
    if (live) {
      if (!isValidCsrfToken(config.secretKey, live.id, c.req.header(CSRF_HEADER), csrfScope)) {
        throw new AppError(ERROR_CODES.forbidden, `${CSRF_HEADER}: missing or not this session's token`);
      }
      await sessions.end(db, live.id);
    }
    cookie.clear(c);
    return success(c, { signed_out: true as const });
  };

  return { admit, current, signOut };
}
