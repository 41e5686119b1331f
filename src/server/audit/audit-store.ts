/**
 * The operators' audit log: every manual action (credits and credit sources, orders, callbacks,
 * merchants and their keys, blacklists and collection accounts, operators), who did it (the
 * operator's name: `root` for the configured token, a named operator's name, the same for the
 * bearer API and a console session), when, what, the state before and after, and the note.
 * Append-only: a trigger in the store refuses updates and deletes. Written in the transaction of
 * the action it records, so an action and its row commit or roll back together. Secrets (API
 * secrets, ingest and operator tokens) are never written to it. This module is the only one that
 * writes `audit_log`.
 */
import { z } from 'zod';
import { rowsQuery, statement } from '../store/rows.js';

export interface AuditEntry {
  readonly actor: string;
  readonly action: string;
  readonly subject: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly note?: string;
}

const AuditRowSchema = z.object({
  id: z.number().int(),
  at: z.date(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.string(),
});
export type AuditRow = Readonly<z.infer<typeof AuditRowSchema>>;

export const writeAudit = statement(
  `INSERT INTO audit_log (at, actor, action, subject, before, after, note)
   VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
  (entry: AuditEntry, now: Date) => [
    now,
    entry.actor,
    entry.action,
    entry.subject,
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
    entry.note ?? '',
  ],
);

export interface AuditQuery {
  readonly action: string;
  readonly subject: string;
  readonly actor: string;
  readonly beforeId: number | undefined;
  readonly limit: number;
}

/** Newest first; page with `beforeId` (the last id of the previous page). */
export const listAudit = rowsQuery(
  AuditRowSchema,
  `SELECT * FROM audit_log
   WHERE ($1 = '' OR action = $1) AND ($2 = '' OR subject = $2) AND ($3 = '' OR actor = $3)
     AND ($4::bigint IS NULL OR id < $4::bigint)
   ORDER BY id DESC LIMIT $5`,
  (query: AuditQuery) => [query.action, query.subject, query.actor, query.beforeId ?? null, query.limit],
);
