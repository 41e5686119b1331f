/**
 * The operators' audit log: every manual action on credits and credit sources, who did it (the
 * operator's name), when, what, and the state before and after. Append-only: a trigger in the
 * store refuses updates and deletes. Written in the transaction of the action it records.
 */
import type { Queryable } from '../store/db.js';

export interface AuditEntry {
  readonly actor: string;
  readonly action: string;
  readonly subject: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly note?: string;
}

export interface AuditRow {
  readonly id: number;
  readonly at: Date;
  readonly actor: string;
  readonly action: string;
  readonly subject: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly note: string;
}

export async function writeAudit(tx: Queryable, entry: AuditEntry, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (at, actor, action, subject, before, after, note)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      now,
      entry.actor,
      entry.action,
      entry.subject,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.note ?? '',
    ],
  );
}

export interface AuditQuery {
  readonly action: string;
  readonly subject: string;
  readonly actor: string;
  readonly beforeId: number | undefined;
  readonly limit: number;
}

/** Newest first; page with `beforeId` (the last id of the previous page). */
export async function listAudit(tx: Queryable, query: AuditQuery): Promise<AuditRow[]> {
  return tx.query<AuditRow>(
    `SELECT * FROM audit_log
     WHERE ($1 = '' OR action = $1) AND ($2 = '' OR subject = $2) AND ($3 = '' OR actor = $3)
       AND ($4::bigint IS NULL OR id < $4::bigint)
     ORDER BY id DESC LIMIT $5`,
    [query.action, query.subject, query.actor, query.beforeId ?? null, query.limit],
  );
}
