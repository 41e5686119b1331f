/**
 * SQL for merchant portal sessions: the one module that writes `merchant_sessions`. A session is
 * stored as the SHA-256 digest of its id with an absolute expiry (portal-sessions.ts); a live
 * session is one of a user who has not been removed.
 */
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { queryRow } from '../store/rows.js';

export interface PortalSession {
  readonly user_id: string;
  readonly merchant_uid: string;
  readonly email: string;
  readonly expires_at: Date;
}

const SessionRow = z.object({
  user_id: z.string(),
  merchant_uid: z.string(),
  email: z.string(),
  expires_at: z.date(),
}) satisfies z.ZodType<PortalSession>;

export interface NewPortalSessionRow {
  readonly idDigest: string;
  readonly userId: string;
  readonly expiresAt: Date;
  readonly clientIp: string;
  readonly userAgent: string;
}

export async function deleteExpiredPortalSessions(tx: Queryable, now: Date): Promise<void> {
  await tx.query('DELETE FROM merchant_sessions WHERE expires_at <= $1', [now]);
}

export async function insertPortalSession(
  tx: Queryable,
  session: NewPortalSessionRow,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO merchant_sessions (id_digest, user_id, created_at, expires_at, client_ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [session.idDigest, session.userId, now, session.expiresAt, session.clientIp, session.userAgent],
  );
}

/** The session with this id digest, if it is live at `now` and its user has not been removed. */
export async function livePortalSession(
  db: Queryable,
  idDigest: string,
  now: Date,
): Promise<PortalSession | undefined> {
  return queryRow(
    db,
    SessionRow,
    `SELECT s.user_id, u.merchant_uid, u.email, s.expires_at
     FROM merchant_sessions s JOIN merchant_users u ON u.id = s.user_id
     WHERE s.id_digest = $1 AND s.expires_at > $2 AND u.removed_at IS NULL`,
    [idDigest, now],
  );
}

export async function deletePortalSession(tx: Queryable, idDigest: string): Promise<void> {
  await tx.query('DELETE FROM merchant_sessions WHERE id_digest = $1', [idDigest]);
}

/** Ends every session of the user. */
export async function deletePortalSessionsOf(tx: Queryable, userId: string): Promise<void> {
  await tx.query('DELETE FROM merchant_sessions WHERE user_id = $1', [userId]);
}
