/**
 * The end of a hold (UNCONFIRMED_CREDIT_HOLD_HOURS): a credit known only from a bank's text whose
 * money completed an order, and which no statement line confirmed or contradicted within the
 * hold, becomes available (a `cleared` posting from the merchant's pending balance), by the
 * injected clock. Run by the background work; SKIP LOCKED lets several processes sweep, and a
 * credit a statement is confirming at that moment is left to it.
 */
import type { Clock } from '../../clock.js';
import { post } from '../../ledger/ledger.js';
import { findOrder } from '../../orders/order-store.js';
import type { Db } from '../../store/db.js';
import { lockHeldCreditsDue, setCreditHold } from '../credit-store.js';

export async function clearHeldCredits(
  deps: { readonly db: Db; readonly clock: Clock },
  holdSeconds: number,
  batch = 200,
): Promise<number> {
  const now = deps.clock.now();
  const receivedBy = new Date(now.getTime() - holdSeconds * 1000);
  return deps.db.transaction(async (tx) => {
    let cleared = 0;
    for (const credit of await lockHeldCreditsDue(tx, receivedBy, batch)) {
      const order = credit.payment_uid === null ? undefined : await findOrder(tx, credit.payment_uid);
      if (!order) throw new Error(`held credit ${credit.id} without its order`);
      await post(tx, order, 'cleared', now);
      await setCreditHold(tx, credit.id, 'cleared', 'hold_expired', now);
      cleared++;
    }
    return cleared;
  });
}
