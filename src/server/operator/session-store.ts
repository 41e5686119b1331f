/**
 * SQL for console sessions: the one module that writes `operator_sessions`. A session is stored
 * as the SHA-256 digest of its id, with an absolute expiry (operator-sessions.ts); it is the
 * session of the operator it names.
 */
import { z } from 'zod';
import { sessionTable } from '../store/session-table.js';

const SessionRow = z.object({
  operator_name: z.string(),
  created_at: z.date(),
  expires_at: z.date(),
});

export const consoleSessionTable = sessionTable(SessionRow, {
  deleteExpired: 'DELETE FROM operator_sessions WHERE expires_at <= $1',
  insert: `INSERT INTO operator_sessions (id_digest, operator_name, created_at, expires_at, client_ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
  live: `SELECT operator_name, created_at, expires_at FROM operator_sessions
     WHERE id_digest = $1 AND expires_at > $2`,
  delete: 'DELETE FROM operator_sessions WHERE id_digest = $1',
  deleteOf: 'DELETE FROM operator_sessions WHERE operator_name = $1',
});

/** Ends every session of the operator. */
export const deleteSessionsOf = consoleSessionTable.deleteOf;
