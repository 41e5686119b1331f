/**
 * Moves unpaid collection orders to overdue at their expiry time. State lives in the store, so
 * a restart neither skips nor doubles an expiry; SKIP LOCKED lets several processes sweep.
 */
import { lockDueOrders } from '../../orders/order-store.js';
import type { Db } from '../../store/db.js';
import { changeStatus } from '../change-status.js';

export async function expireDueOrders(db: Db, now: Date, batch = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await lockDueOrders(tx, now, batch);
    let expired = 0;
    for (const order of due) {
      const result = await changeStatus(tx, order, { to: 'overdue', cause: 'expiry' }, now);
      if (result.kind === 'changed') expired++;
    }
    return expired;
  });
}
