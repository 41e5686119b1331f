/**
 * What operators do to a prepared payout batch, each in one transaction with its audit row: a
 * second operator approves it (second-operator.ts), its file is downloaded (every line still
 * waiting to be sent), it is marked uploaded to the bank's portal (upload-batch.ts).
 */
import { createHash } from 'node:crypto';
import { ERROR_CODES } from '../../../shared/error-codes.js';
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import { batchPayouts, type PayoutOrder } from '../../channel/payout-store.js';
import { AppError, notFound } from '../../errors.js';
import type { Queryable } from '../../store/db.js';
import type { PayoutFile, PayoutFileBatch } from '../bank-files/payout-file.js';
import { writePayoutFile } from '../bank-files/payout-file-layouts.js';
import type { PayoutBatch } from '../payout-batch.js';
import { lockBatch, markBatchApproved } from '../payout-batch-store.js';
import { requireSecondOperator } from '../second-operator.js';
import { uploadBatch } from '../upload-batch.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

interface BatchAction {
  readonly batchId: string;
  readonly actor: string;
  readonly note: string;
}

export async function approvePayoutBatch(deps: Deps, input: BatchAction): Promise<PayoutBatch> {
  return deps.db.transaction(async (tx) => {
    const batch = await locked(tx, input.batchId);
    if (batch.state !== 'prepared')
      throw new AppError(ERROR_CODES.invalidTransition, `batch: already ${batch.state}`);
    requireSecondOperator(batch.prepared_by, input.actor, `batch ${batch.id}`);
    const after = await markBatchApproved(tx, batch.id, input.actor, deps.clock.now());
    await audit(deps, tx, input, 'approve', batch, { state: after.state, prepared_by: batch.prepared_by });
    return after;
  });
}

export async function downloadPayoutFile(
  deps: Deps,
  input: {
    readonly batchId: string;
    readonly actor: string;
    readonly layout: string;
    readonly options: Readonly<Record<string, string | undefined>>;
  },
): Promise<PayoutFile> {
  return deps.db.transaction(async (tx) => {
    const batch = await locked(tx, input.batchId);
    if (batch.state === 'prepared')
      throw new AppError(
        ERROR_CODES.invalidTransition,
        'batch: not approved yet (a second operator approves it first)',
      );
    const lines = await batchPayouts(tx, batch.id);
    // Before upload, every line must still be waiting to be sent: a payout failed by hand since
    // (its hold released) must never reach the bank in this file.
    const released =
      batch.state === 'approved' ? lines.filter((line) => line.payment_status !== 'preparing') : [];
    if (released.length > 0)
      throw new AppError(
        ERROR_CODES.invalidTransition,
        `batch: ${released.map((line) => `${line.payout.reference} is ${line.payment_status}`).join(', ')} since it was prepared; prepare a new batch`,
      );
    const written = writePayoutFile(input.layout, fileBatch(batch, lines), input.options);
    if (!written.ok) throw new AppError(ERROR_CODES.invalidField, written.error);
    const digest = createHash('sha256').update(written.file.body).digest('hex');
    await audit(deps, tx, { ...input, note: '' }, 'download', batch, {
      state: batch.state,
      layout: input.layout,
      filename: written.file.filename,
      sha256: digest,
    });
    return written.file;
  });
}

export async function markPayoutBatchUploaded(deps: Deps, input: BatchAction): Promise<PayoutBatch> {
  return deps.db.transaction(async (tx) => {
    const batch = await locked(tx, input.batchId);
    if (batch.state !== 'approved')
      throw new AppError(
        ERROR_CODES.invalidTransition,
        batch.state === 'prepared' ? 'batch: not approved yet' : 'batch: already uploaded',
      );
    const after = await uploadBatch(tx, batch, input.actor, deps.clock.now());
    await audit(deps, tx, input, 'uploaded', batch, { state: after.state });
    return after;
  });
}

async function locked(tx: Queryable, id: string): Promise<PayoutBatch> {
  const batch = await lockBatch(tx, id);
  if (!batch) throw notFound('batch_id: no such payout batch');
  return batch;
}

function audit(
  deps: Deps,
  tx: Queryable,
  input: BatchAction,
  action: string,
  batch: PayoutBatch,
  after: unknown,
) {
  return recordAction(tx, deps.clock.now(), input, {
    action: `payout_batch.${action}`,
    subject: `payout_batch:${batch.id}`,
    before: { state: batch.state },
    after,
  });
}

/** The batch as its file sees it: lines in order, from the orders as accepted. */
function fileBatch(batch: PayoutBatch, lines: readonly PayoutOrder[]): PayoutFileBatch {
  return {
    id: batch.id,
    seq: batch.seq,
    mode: batch.mode,
    debitAccount: batch.account,
    debitIfsc: batch.ifsc,
    preparedAt: batch.prepared_at,
    lines: lines.map((line) => ({
      reference: line.payout.reference,
      beneficiaryAccount: line.to_account,
      ifsc: line.to_bank_name,
      beneficiaryName: line.to_name,
      amount: line.amount,
      narration: `Payout ${line.merchant_order_id}`,
    })),
  };
}
