/**
 * Console sessions: a random id in an HttpOnly cookie, stored as its SHA-256 digest with an
 * absolute expiry, so any process sharing the store accepts it and a copy of the database does
 * not reveal live sessions. The CSRF token is derived from the session id with SECRET_KEY
 * (HMAC), so it needs no storage and dies with the session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../store/db.js';
import { digest, randomToken } from './operator-accounts.js';
import {
  type ConsoleSession,
  deleteExpiredSessions,
  insertSession,
  liveSession,
  deleteSession as removeSession,
} from './session-store.js';

export interface NewSession {
  readonly operatorName: string;
  readonly clientIp: string;
  readonly userAgent: string;
}

export async function createSession(
  db: Queryable,
  input: NewSession,
  now: Date,
  ttlSeconds: number,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken('');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  // Expired rows are cleared as new sessions begin: sign-ins are rare, the index makes it cheap.
  await deleteExpiredSessions(db, now);
  await insertSession(
    db,
    {
      idDigest: digest(id),
      operatorName: input.operatorName,
      expiresAt,
      clientIp: input.clientIp,
      userAgent: input.userAgent.slice(0, 256),
    },
    now,
  );
  return { id, expiresAt };
}

/** The live session for a cookie value, if any. */
export async function findSession(db: Queryable, id: string, now: Date): Promise<ConsoleSession | undefined> {
  if (id === '' || id.length > 100) return undefined;
  return liveSession(db, digest(id), now);
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await removeSession(db, digest(id));
}

/** The CSRF token of a session: `scope` keeps the console's and the merchant portal's apart. */
export function csrfTokenFor(secretKey: Buffer, sessionId: string, scope = 'console'): string {
  return createHmac('sha256', secretKey).update(`${scope}-csrf:${sessionId}`).digest('base64url');
}

export function isValidCsrfToken(
  secretKey: Buffer,
  sessionId: string,
  given: string | undefined,
  scope = 'console',
): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfTokenFor(secretKey, sessionId, scope));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
