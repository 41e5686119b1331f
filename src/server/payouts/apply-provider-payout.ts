/**
 * What a provider says of a payout, applied to ours in the caller's transaction with the order
 * locked: the provider's id and status are recorded on the payout row, and the order is moved
 * to match (walking the allowed transitions), failed with the provider's reason, or, when the
 * money came back after the payout completed, reversed (lifecycle/reverse-payout.ts). A status
 * that is not ahead of ours (a late or repeated webhook) changes nothing.
 */

import { recordProviderPayout } from '../channel/payout-store.js';
import { applyPayoutStep } from '../lifecycle/apply-payout-step.js';
import { reversePayout } from '../lifecycle/reverse-payout.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { outcomeOf, type RazorpayxPayout } from './razorpayx/razorpayx-payout.js';

export type ApplyOutcome = 'applied' | 'reversed' | 'unchanged' | 'amount_mismatch';

export async function applyProviderPayout(
  tx: Queryable,
  order: Order,
  provider: RazorpayxPayout,
  now: Date,
): Promise<ApplyOutcome> {
  // Never move our payout on a provider payout of another amount: that is not this payout.
  if (provider.amount !== order.amount) return 'amount_mismatch';
  await recordProviderPayout(tx, order.payment_uid, provider.id, provider.status, now);
  const outcome = outcomeOf(provider);
  switch (outcome.kind) {
    case 'unknown':
      return 'unchanged';
    case 'returned':
      if (order.payment_status === 'completed')
        return (await reversePayout(tx, order, outcome.reason, now)).kind === 'reversed'
          ? 'reversed'
          : 'unchanged';
      return (await applyPayoutStep(
        tx,
        order,
        { kind: 'fail', to: 'failed', reason: outcome.reason },
        'razorpayx',
        now,
      ))
        ? 'applied'
        : 'unchanged';
    case 'step':
      return (await applyPayoutStep(tx, order, outcome.step, 'razorpayx', now)) ? 'applied' : 'unchanged';
  }
}
