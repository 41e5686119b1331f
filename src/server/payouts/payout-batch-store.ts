/** SQL for payout_batches: the one module that writes it. */
import type { Queryable } from '../store/db.js';
import { queryRow, queryRows } from '../store/rows.js';
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

export async function markBatchApproved(
  tx: Queryable,
  id: string,
  by: string,
  now: Date,
): Promise<PayoutBatch> {
  const row = await queryRow(
    tx,
    PayoutBatchRow,
    `UPDATE payout_batches SET state = 'approved', approved_by = $2, approved_at = $3
     WHERE id = $1 AND state = 'prepared' RETURNING *`,
    [id, by, now],
  );
  if (!row) throw new Error(`batch ${id} was not prepared`);
  return row;
}

export async function markBatchUploaded(
  tx: Queryable,
  id: string,
  by: string,
  now: Date,
): Promise<PayoutBatch> {
  const row = await queryRow(
    tx,
    PayoutBatchRow,
    `UPDATE payout_batches SET state = 'uploaded', uploaded_by = $2, uploaded_at = $3
     WHERE id = $1 AND state = 'approved' RETURNING *`,
    [id, by, now],
  );
  if (!row) throw new Error(`batch ${id} was not approved`);
  return row;
}

/** Newest first; one state or all. */
export async function listBatches(
  tx: Queryable,
  state: BatchState | '',
  limit: number,
): Promise<PayoutBatch[]> {
  return queryRows(
    tx,
    PayoutBatchRow,
    `SELECT * FROM payout_batches WHERE ($1 = '' OR state = $1) ORDER BY prepared_at DESC, seq DESC LIMIT $2`,
    [state, limit],
  );
}
