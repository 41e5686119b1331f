/**
 * SQL for console sessions: the one module that writes `operator_sessions`. A session is stored
 * as the SHA-256 digest of its id, with an absolute expiry (operator-sessions.ts).
 */
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { queryRow } from '../store/rows.js';

export interface ConsoleSession {
  readonly operator_name: string;
  readonly created_at: Date;
  readonly expires_at: Date;
}

const SessionRow = z.object({
  operator_name: z.string(),
  created_at: z.date(),
  expires_at: z.date(),
}) satisfies z.ZodType<ConsoleSession>;

export interface NewSessionRow {
  readonly idDigest: string;
  readonly operatorName: string;
  readonly expiresAt: Date;
  readonly clientIp: string;
  readonly userAgent: string;
}

/** Clears the sessions that expired by `now`. */
export async function deleteExpiredSessions(tx: Queryable, now: Date): Promise<void> {
  await tx.query('DELETE FROM operator_sessions WHERE expires_at <= $1', [now]);
}

export async function insertSession(tx: Queryable, session: NewSessionRow, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO operator_sessions (id_digest, operator_name, created_at, expires_at, client_ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [session.idDigest, session.operatorName, now, session.expiresAt, session.clientIp, session.userAgent],
  );
}

/** The session with this id digest, if it is still live at `now`. */
export async function liveSession(
  tx: Queryable,
  idDigest: string,
  now: Date,
): Promise<ConsoleSession | undefined> {
  return queryRow(
    tx,
    SessionRow,
    `SELECT operator_name, created_at, expires_at FROM operator_sessions
     WHERE id_digest = $1 AND expires_at > $2`,
    [idDigest, now],
  );
}

export async function deleteSession(tx: Queryable, idDigest: string): Promise<void> {
  await tx.query('DELETE FROM operator_sessions WHERE id_digest = $1', [idDigest]);
}

/** Ends every session of the operator. */
export async function deleteSessionsOf(tx: Queryable, operatorName: string): Promise<void> {
  await tx.query('DELETE FROM operator_sessions WHERE operator_name = $1', [operatorName]);
}
