/**
 * Console sessions: a random id in an HttpOnly cookie, stored as its SHA-256 digest with an
 * absolute expiry, so any process sharing the store accepts it and a copy of the database does
 * not reveal live sessions. The CSRF token is derived from the session id with SECRET_KEY
 * (HMAC), so it needs no storage and dies with the session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../store/db.js';
import type { SessionTable } from '../store/session-table.js';
import { digest, randomToken } from './operator-accounts.js';
import { consoleSessionTable } from './session-store.js';

/** Where a session is begun from. */
export interface SessionClient {
  readonly clientIp: string;
  readonly userAgent: string;
}

export interface NewSession extends SessionClient {
  readonly operatorName: string;
}

/**
 * The sessions of one sessions table (the console's, the portal's): begun for the holder that
 * `holderOf` names in the sign-in's input, with a new random id; found by the id a cookie holds;
 * ended.
 */
export function signInSessions<T, I extends SessionClient>(
  table: SessionTable<T>,
  holderOf: (input: I) => string,
) {
  return {
    async begin(
      db: Queryable,
      input: I,
      now: Date,
      ttlSeconds: number,
    ): Promise<{ id: string; expiresAt: Date }> {
      const id = randomToken('');
      const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
      // Expired rows are cleared as new sessions begin: sign-ins are rare, the index makes it cheap.
      await table.deleteExpired(db, now);
      const session = { idDigest: digest(id), holder: holderOf(input), expiresAt, clientIp: input.clientIp };
      await table.insert(db, { ...session, userAgent: input.userAgent.slice(0, 256) }, now);
      return { id, expiresAt };
    },
    /** The live session for a cookie value, if any. */
    async find(db: Queryable, id: string, now: Date): Promise<T | undefined> {
      if (id === '' || id.length > 100) return undefined;
      return table.live(db, digest(id), now);
    },
    async end(db: Queryable, id: string): Promise<void> {
      await table.delete(db, digest(id));
    },
  };
}

export const consoleSessions = signInSessions(consoleSessionTable, (input: NewSession) => input.operatorName);

export const createSession = consoleSessions.begin;
/** The live session for a cookie value, if any. */
export const findSession = consoleSessions.find;

/** The scope of the console's CSRF tokens (the merchant portal's is its own). */
export const CONSOLE_CSRF_SCOPE = 'console';

/** The CSRF token of a session: `scope` keeps the console's and the merchant portal's apart. */
export function csrfTokenFor(secretKey: Buffer, sessionId: string, scope = CONSOLE_CSRF_SCOPE): string {
  return createHmac('sha256', secretKey).update(`${scope}-csrf:${sessionId}`).digest('base64url');
}

export function isValidCsrfToken(
  secretKey: Buffer,
  sessionId: string,
  given: string | undefined,
  scope = CONSOLE_CSRF_SCOPE,
): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfTokenFor(secretKey, sessionId, scope));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
