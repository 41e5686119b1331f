/**
 * An approved batch's file was uploaded to the bank's portal (in the caller's transaction): the
 * batch is marked uploaded and each of its payouts still `preparing` goes `processing`. A payout
 * an operator failed meanwhile stays as it is.
 */

import { batchPayouts } from '../channel/payout-store.js';
import { changeStatus } from '../lifecycle/change-status.js';
import type { Queryable } from '../store/db.js';
import type { PayoutBatch } from './payout-batch.js';
import { markBatchUploaded } from './payout-batch-store.js';

export async function uploadBatch(
  tx: Queryable,
  batch: PayoutBatch,
  by: string,
  now: Date,
): Promise<PayoutBatch> {
  const uploaded = await markBatchUploaded(tx, batch.id, by, now);
  for (const { payout: _, ...order } of await batchPayouts(tx, batch.id, true)) {
    if (order.payment_status !== 'preparing') continue;
    await changeStatus(
      tx,
      order,
      { to: 'processing', cause: 'operator', detail: `batch ${batch.id} uploaded by ${by}` },
      now,
    );
  }
  return uploaded;
}
