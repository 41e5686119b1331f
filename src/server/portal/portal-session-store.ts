/**
 * SQL for merchant portal sessions: the one module that writes `merchant_sessions`. A session is
 * stored as the SHA-256 digest of its id with an absolute expiry (portal-sessions.ts); it is the
 * session of the merchant user it names, and a live session is one of a user who has not been
 * removed.
 */
import { z } from 'zod';
import { sessionTable } from '../store/session-table.js';

const SessionRow = z.object({
  user_id: z.string(),
  merchant_uid: z.string(),
  email: z.string(),
  expires_at: z.date(),
});

export const portalSessionTable = sessionTable(SessionRow, {
  deleteExpired: 'DELETE FROM merchant_sessions WHERE expires_at <= $1',
  insert: `INSERT INTO merchant_sessions (id_digest, user_id, created_at, expires_at, client_ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
  live: `SELECT s.user_id, u.merchant_uid, u.email, s.expires_at
     FROM merchant_sessions s JOIN merchant_users u ON u.id = s.user_id
     WHERE s.id_digest = $1 AND s.expires_at > $2 AND u.removed_at IS NULL`,
  delete: 'DELETE FROM merchant_sessions WHERE id_digest = $1',
  deleteOf: 'DELETE FROM merchant_sessions WHERE user_id = $1',
});

/** Ends every session of the user. */
export const deletePortalSessionsOf = portalSessionTable.deleteOf;
