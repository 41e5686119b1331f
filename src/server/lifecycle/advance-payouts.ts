/**
 * Moves open payouts along by asking the channel what comes next. The channel is asked outside
 * the transaction; the step is applied only if the order has not changed meanwhile.
 */
import type { PayoutChannel } from '../channel/payout-channel.js';
import { lockOrder, openPayouts } from '../orders/order-store.js';
import type { Db } from '../store/db.js';
import { changeStatus } from './change-status.js';

export async function advancePayouts(
  db: Db,
  channel: PayoutChannel,
  now: Date,
  batch = 100,
): Promise<number> {
  const open = await openPayouts(db, batch);
  let changed = 0;
  for (const seen of open) {
    const step = await channel.next(seen, now);
    if (step.kind === 'wait') continue;
    const applied = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, seen.payment_uid);
      if (!order || order.status_seq !== seen.status_seq) return false;
      const change =
        step.kind === 'advance'
          ? { to: step.to, cause: 'channel' as const, detail: channel.name }
          : { to: step.to, cause: 'channel' as const, detail: channel.name, failReason: step.reason };
      return (await changeStatus(tx, order, change, now)).kind === 'changed';
    });
    if (applied) changed++;
  }
  return changed;
}
