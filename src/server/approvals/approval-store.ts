/**
 * SQL for approvals, the proposals of manual money actions (docs/money-controls.md, Approvals):
 * the one module that writes the table. A proposal past its expiry is read as `expired` before any
 * sweep marks it so: the state a reader sees never depends on when a decision was last tried.
 */
import { z } from 'zod';
import { APPROVAL_ACTIONS, APPROVAL_STATES, type ApprovalField } from '../../shared/approval-views.js';
import type { Queryable } from '../store/db.js';
import { queryRow, rowQuery, rowsQuery } from '../store/rows.js';

const FieldList = z.array(z.object({ name: z.string(), value: z.string() }));

export const ApprovalRow = z.looseObject({
  id: z.coerce.string(),
  action: z.enum(APPROVAL_ACTIONS),
  subject: z.string(),
  summary: z.string(),
  payload: z.unknown(),
  request: FieldList,
  would: FieldList,
  state: z.enum(APPROVAL_STATES),
  proposed_by: z.string(),
  proposed_at: z.date(),
  note: z.string(),
  expires_at: z.date(),
  decided_by: z.string().nullable(),
  decided_at: z.date().nullable(),
  decision_note: z.string(),
  outcome: FieldList.nullable(),
});
export type Approval = z.output<typeof ApprovalRow>;

export interface NewApproval {
  readonly action: Approval['action'];
  readonly subject: string;
  readonly summary: string;
  readonly payload: unknown;
  readonly request: readonly ApprovalField[];
  readonly would: readonly ApprovalField[];
  readonly proposedBy: string;
  readonly note: string;
  readonly expiresAt: Date;
}

export async function insertApproval(tx: Queryable, approval: NewApproval, now: Date): Promise<Approval> {
  const row = await queryRow(
    tx,
    ApprovalRow,
    `INSERT INTO approvals (action, subject, summary, payload, request, would, state, proposed_by, proposed_at, note, expires_at)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, 'awaiting_approval', $7, $8, $9, $10) RETURNING *`,
    [
      approval.action,
      approval.subject,
      approval.summary,
      JSON.stringify(approval.payload),
      JSON.stringify(approval.request),
      JSON.stringify(approval.would),
      approval.proposedBy,
      now,
      approval.note,
      approval.expiresAt,
    ],
  );
  if (!row) throw new Error('approval insert returned no row');
  return row;
}

export async function lockApproval(tx: Queryable, id: string): Promise<Approval | undefined> {
  return queryRow(tx, ApprovalRow, 'SELECT * FROM approvals WHERE id = $1::bigint FOR UPDATE', [id]);
}

export interface Decision {
  readonly state: Exclude<Approval['state'], 'awaiting_approval'>;
  readonly by: string | null;
  readonly note: string;
  readonly outcome: readonly ApprovalField[] | null;
}

/** Decides an awaiting proposal, once: the row as decided. */
export async function decideApproval(
  tx: Queryable,
  id: string,
  decision: Decision,
  now: Date,
): Promise<Approval> {
  const row = await queryRow(
    tx,
    ApprovalRow,
    `UPDATE approvals SET state = $2, decided_by = $3, decided_at = $4, decision_note = $5, outcome = $6::jsonb
     WHERE id = $1::bigint AND state = 'awaiting_approval' RETURNING *`,
    [
      id,
      decision.state,
      decision.by,
      now,
      decision.note,
      decision.outcome === null ? null : JSON.stringify(decision.outcome),
    ],
  );
  if (!row) throw new Error(`approval ${id} was already decided`);
  return row;
}

export interface ApprovalQuery {
  readonly state: Approval['state'] | '';
  readonly beforeId: string | undefined;
  readonly limit: number;
}

/** Newest first, each read with its state as of `now` (an awaiting proposal past its expiry is expired). */
export const listApprovals = rowsQuery(
  ApprovalRow,
  `SELECT * FROM (
     SELECT id, action, subject, summary, payload, request, would,
       CASE WHEN state = 'awaiting_approval' AND expires_at <= $1 THEN 'expired' ELSE state END AS state,
       proposed_by, proposed_at, note, expires_at, decided_by, decided_at, decision_note, outcome
     FROM approvals WHERE ($3::bigint IS NULL OR id < $3::bigint)
   ) AS a
   WHERE ($2 = '' OR state = $2)
   ORDER BY id DESC LIMIT $4`,
  (query: ApprovalQuery, now: Date) => [now, query.state, query.beforeId ?? null, query.limit],
);

/** One proposal with its state as of `now`. */
export const findApproval = rowQuery(
  ApprovalRow,
  `SELECT id, action, subject, summary, payload, request, would,
     CASE WHEN state = 'awaiting_approval' AND expires_at <= $2 THEN 'expired' ELSE state END AS state,
     proposed_by, proposed_at, note, expires_at, decided_by, decided_at, decision_note, outcome
   FROM approvals WHERE id = $1::bigint`,
  (id: string, now: Date) => [id, now],
);

/** How many proposals await a second operator as of `now`. */
export async function countAwaitingApproval(tx: Queryable, now: Date): Promise<number> {
  const row = await queryRow(
    tx,
    z.object({ count: z.coerce.number() }),
    `SELECT count(*) AS count FROM approvals WHERE state = 'awaiting_approval' AND expires_at > $1`,
    [now],
  );
  return row?.count ?? 0;
}
