/**
 * A completed payout whose money came back (the provider's `reversed` after `processed`, a return
 * line on the statement after the debit): `completed` is final, so the order keeps it. In the
 * caller's transaction the reversal is recorded on the order and in its history, the ledger posts
 * `reversed` (the amount back to the merchant's available balance, once per order by the
 * ledger's unique posting), and the merchant's callback is written to the outbox, carrying
 * `reversed_at` and `reversal_reason` (docs/decisions/0024-payout-provider.md).
 */
import { post } from '../ledger/ledger.js';
import { enqueueCallback } from '../notify/outbox-store.js';
import type { Order } from '../orders/order.js';
import { markPayoutReversed } from '../orders/order-store.js';
import type { Queryable } from '../store/db.js';

export type ReverseResult =
  | { readonly kind: 'reversed'; readonly order: Order }
  /** Reversed before: nothing changes. */
  | { readonly kind: 'already_reversed'; readonly order: Order }
  /** Not a completed payout: a reversal before completion is a failure, not this. */
  | { readonly kind: 'not_completed'; readonly order: Order };

export async function reversePayout(
  tx: Queryable,
  order: Order,
  reason: string,
  now: Date,
): Promise<ReverseResult> {
  if (order.transaction_type !== 'expense' || order.payment_status !== 'completed')
    return { kind: 'not_completed', order };
  if (order.reversed_at !== null) return { kind: 'already_reversed', order };
  const updated = await markPayoutReversed(tx, order.payment_uid, reason.slice(0, 500), now);
  if (!updated) return { kind: 'already_reversed', order };
  await post(tx, updated, 'reversed', now);
  await enqueueCallback(tx, updated, now);
  return { kind: 'reversed', order: updated };
}
