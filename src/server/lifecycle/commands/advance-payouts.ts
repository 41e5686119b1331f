/**
 * Moves open payouts along by asking each payout's channel what comes next. The channel is asked
 * outside the transaction; the step is applied only if the order has not changed meanwhile.
 * Bank-file payouts are moved by operators and statements, not here, so they are not read.
 */
import type { PayoutChannelName } from '../../../shared/payout-channel-names.js';
import type { PayoutChannel } from '../../channel/payout-channel.js';
import { openPayouts } from '../../channel/payout-store.js';
import { lockOrder } from '../../orders/order-store.js';
import type { Db } from '../../store/db.js';
import { applyPayoutStep } from '../apply-payout-step.js';

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
