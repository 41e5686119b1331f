/** A payout batch as the operator API shows it on its own: the batch, its lines, the file layouts. */
import { batchPayouts } from '../channel/payout-store.js';
import type { Queryable } from '../store/db.js';
import type { PayoutBatch } from './payout-batch.js';
import { batchView, layoutsView, lineView } from './payout-batch-views.js';

export async function batchDetail(tx: Queryable, batch: PayoutBatch) {
  return {
    ...batchView(batch),
    lines: (await batchPayouts(tx, batch.id)).map(lineView),
    layouts: layoutsView(),
  };
}
