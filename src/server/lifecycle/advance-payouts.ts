/**
 * Moves open payouts along by asking each payout's channel what comes next. The channel is asked
 * outside the transaction; the step is applied only if the order has not changed meanwhile.
 * Bank-file payouts are moved by operators and statements, not here, so they are not read.
 */
import type { PayoutChannelName } from '../../shared/payout-channel-names.js';
import type { PayoutChannel, PayoutStep } from '../channel/payout-channel.js';
import { openPayouts } from '../channel/payout-store.js';
import type { Order } from '../orders/order.js';
import { lockOrder } from '../orders/order-store.js';
import type { Db, Queryable } from '../store/db.js';
import { changeStatus } from './change-status.js';
import { pathTo } from './transitions.js';

export interface PayoutChannels {
  readonly byName: Readonly<Partial<Record<PayoutChannelName, PayoutChannel>>>;
  /** The channel of payouts without a payout row (sandbox in sandbox mode; none in production). */
  readonly fallback: PayoutChannel | undefined;
}

/** One channel for every payout (the sandbox bank of a test), or each payout's own. */
export async function advancePayouts(
  db: Db,
  channels: PayoutChannels | PayoutChannel,
  now: Date,
  batch = 100,
): Promise<number> {
  const open = await openPayouts(db, batch);
  let changed = 0;
  for (const { payout, ...seen } of open) {
    const channel =
      'next' in channels ? channels : payout ? channels.byName[payout.channel] : channels.fallback;
    if (!channel) continue;
    const step = await channel.next(seen, now, payout ?? undefined);
    if (step.kind === 'wait') continue;
    const applied = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, seen.payment_uid);
      if (!order || order.status_seq !== seen.status_seq) return false;
      return applyPayoutStep(tx, order, step, channel.name, now);
    });
    if (applied) changed++;
  }
  return changed;
}

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
