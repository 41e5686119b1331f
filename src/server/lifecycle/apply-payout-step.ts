/** A payout channel's step applied to a payout, in the caller's transaction with the order locked. */
import type { PayoutStep } from '../channel/payout-channel.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { changeStatus } from './change-status.js';
import { pathTo } from './transitions.js';

/**
 * Applies a channel's step to a locked payout, walking the allowed transitions up to it (each
 * step recorded with cause `channel`); false when the step is not ahead of the order.
 */
export async function applyPayoutStep(
  tx: Queryable,
  order: Order,
  step: Exclude<PayoutStep, { kind: 'wait' }>,
  detail: string,
  now: Date,
): Promise<boolean> {
  const path = pathTo('expense', order.payment_status, step.to);
  if (path.length === 0) return false;
  let current = order;
  for (const to of path) {
    const last = to === step.to;
    const change =
      step.kind === 'fail' && last
        ? { to, cause: 'channel' as const, detail, failReason: step.reason }
        : {
            to,
            cause: 'channel' as const,
            detail,
            ...(step.kind === 'advance' && last && step.utr ? { matchedUtr: step.utr } : {}),
          };
    const result = await changeStatus(tx, current, change, now);
    if (result.kind !== 'changed') return false;
    current = result.order;
  }
  return true;
}
