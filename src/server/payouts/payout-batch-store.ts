/** SQL for payout_batches: the one module that writes it. */
import type { Queryable } from '../store/db.js';
import { queryRow, rowsQuery } from '../store/rows.js';
import type { PayoutMode } from './bank-files/payout-file.js';
import { type BatchState, type PayoutBatch, PayoutBatchRow } from './payout-batch.js';

export interface NewBatch {
  readonly id: string;
  readonly account: string;
  readonly ifsc: string;
  readonly mode: PayoutMode;
  readonly lineCount: number;
  readonly total: number;
  readonly preparedBy: string;
}

export async function insertBatch(tx: Queryable, batch: NewBatch, now: Date): Promise<PayoutBatch> {
  const row = await queryRow(
    tx,
    PayoutBatchRow,
    `INSERT INTO payout_batches (id, account, ifsc, mode, state, line_count, total, prepared_by, prepared_at)
     VALUES ($1, $2, $3, $4, 'prepared', $5, $6, $7, $8) RETURNING *`,
    [batch.id, batch.account, batch.ifsc, batch.mode, batch.lineCount, batch.total, batch.preparedBy, now],
  );
  if (!row) throw new Error('batch insert returned no row');
  return row;
}

export async function findBatch(tx: Queryable, id: string): Promise<PayoutBatch | undefined> {
  return queryRow(tx, PayoutBatchRow, 'SELECT * FROM payout_batches WHERE id = $1', [id]);
}

export async function lockBatch(tx: Queryable, id: string): Promise<PayoutBatch | undefined> {
  return queryRow(tx, PayoutBatchRow, 'SELECT * FROM payout_batches WHERE id = $1 FOR UPDATE', [id]);
}

/** Each step a batch takes after it is prepared: the state it leaves and the columns that say who and when. */
const STEPS = {
  approved: { from: 'prepared', by: 'approved_by', at: 'approved_at' },
  uploaded: { from: 'approved', by: 'uploaded_by', at: 'uploaded_at' },
} as const;

/** Moves a batch one step on, as `by` at `now`; the batch must be in the state the step leaves. */
async function stepBatch(
  tx: Queryable,
  id: string,
  to: keyof typeof STEPS,
  by: string,
  now: Date,
): Promise<PayoutBatch> {
  const step = STEPS[to];
  const row = await queryRow(
    tx,
    PayoutBatchRow,
    `UPDATE payout_batches SET state = '${to}', ${step.by} = $2, ${step.at} = $3
     WHERE id = $1 AND state = '${step.from}' RETURNING *`,
    [id, by, now],
  );
  if (!row) throw new Error(`batch ${id} was not ${step.from}`);
  return row;
}

export function markBatchApproved(tx: Queryable, id: string, by: string, now: Date): Promise<PayoutBatch> {
  return stepBatch(tx, id, 'approved', by, now);
}

export function markBatchUploaded(tx: Queryable, id: string, by: string, now: Date): Promise<PayoutBatch> {
  return stepBatch(tx, id, 'uploaded', by, now);
}

/** Newest first; one state or all. */
export const listBatches = rowsQuery(
  PayoutBatchRow,
  `SELECT * FROM payout_batches WHERE ($1 = '' OR state = $1) ORDER BY prepared_at DESC, seq DESC LIMIT $2`,
  (state: BatchState | '', limit: number) => [state, limit],
);
