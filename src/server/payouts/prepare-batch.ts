/**
 * Preparing a batch (in the caller's transaction): the bank-file payouts of one collection
 * account that wait for a batch are locked, oldest first, numbered as the file's lines and moved
 * to `preparing`. A payout the bank file cannot carry stays pending and is reported: a payee name
 * with no letter a bank takes (docs/decisions/0026-payout-bank-files.md), or an IMPS payout above
 * the IMPS limit.
 */
import { randomBytes } from 'node:crypto';
import { assignToBatch, lockWaitingForBatch, type PayoutOrder } from '../channel/payout-store.js';
import { changeStatus } from '../lifecycle/change-status.js';
import type { Queryable } from '../store/db.js';
import { cleanBankText } from './bank-files/bank-text.js';
import type { PayoutMode } from './bank-files/payout-file.js';
import type { PayoutBatch } from './payout-batch.js';
import { insertBatch } from './payout-batch-store.js';

/** NPCI's per-transaction IMPS limit, ₹5,00,000, in paise. */
export const IMPS_LIMIT = 50_000_000;

export interface PrepareBatch {
  readonly account: string;
  readonly ifsc: string;
  readonly mode: PayoutMode;
  readonly limit: number;
  readonly preparedBy: string;
}

export interface Skipped {
  readonly payment_uid: string;
  readonly reason: string;
}

export type PrepareResult =
  | { readonly kind: 'prepared'; readonly batch: PayoutBatch; readonly skipped: readonly Skipped[] }
  | { readonly kind: 'nothing_waiting'; readonly skipped: readonly Skipped[] };

export async function prepareBatch(tx: Queryable, input: PrepareBatch, now: Date): Promise<PrepareResult> {
  const waiting = await lockWaitingForBatch(tx, input.account, input.ifsc, input.limit);
  const skipped: Skipped[] = [];
  const lines: PayoutOrder[] = [];
  for (const payout of waiting) {
    const why = unfit(payout, input.mode);
    if (why) skipped.push({ payment_uid: payout.payment_uid, reason: why });
    else lines.push(payout);
  }
  if (lines.length === 0) return { kind: 'nothing_waiting', skipped };
  const batch = await insertBatch(
    tx,
    {
      id: `PB${randomBytes(6).toString('hex').toUpperCase()}`,
      account: input.account,
      ifsc: input.ifsc,
      mode: input.mode,
      lineCount: lines.length,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
      preparedBy: input.preparedBy,
    },
    now,
  );
  for (const [index, { payout, ...order }] of lines.entries()) {
    await assignToBatch(tx, payout.payment_uid, batch.id, index + 1, now);
    const moved = await changeStatus(
      tx,
      order,
      { to: 'preparing', cause: 'operator', detail: `batch ${batch.id} prepared by ${input.preparedBy}` },
      now,
    );
    if (moved.kind !== 'changed') throw new Error(`payout ${order.payment_uid} could not be batched`);
  }
  return { kind: 'prepared', batch, skipped };
}

function unfit(payout: PayoutOrder, mode: PayoutMode): string | undefined {
  if (cleanBankText(payout.to_name, 35) === '') return 'the payee name has no letters a bank file accepts';
  if (mode === 'IMPS' && payout.amount > IMPS_LIMIT)
    return 'above the IMPS limit of 500000.00: prepare a NEFT batch';
  return undefined;
}
