/**
 * Ends the wait of a collection whose payer claimed UTRs that no bank credit matched: once its
 * expiry lies CLAIM_GRACE_SECONDS in the past, a `processing` collection becomes `failed` with the
 * payer-facing code `no_payment` (callback and history through changeStatus, in one transaction).
 * A credit with one of its UTRs arriving later still completes it (failed -> processing ->
 * completed, as for overdue). SKIP LOCKED lets several processes sweep.
 */
import { lockUnpaidClaimedOrders } from '../../orders/order-store.js';
import type { Db } from '../../store/db.js';
import { changeStatus } from '../change-status.js';

export const DEFAULT_CLAIM_GRACE_SECONDS = 24 * 60 * 60;

export const NO_PAYMENT_REASON = 'no payment with these UTRs arrived';

export async function failUnpaidClaims(
  db: Db,
  now: Date,
  graceSeconds: number,
  batch = 200,
): Promise<number> {
  const cutoff = new Date(now.getTime() - graceSeconds * 1000);
  return db.transaction(async (tx) => {
    const due = await lockUnpaidClaimedOrders(tx, cutoff, batch);
    let failed = 0;
    for (const order of due) {
      const result = await changeStatus(
        tx,
        order,
        {
          to: 'failed',
          cause: 'expiry',
          detail: 'no_payment',
          failReason: NO_PAYMENT_REASON,
          failCode: 'no_payment',
        },
        now,
      );
      if (result.kind === 'changed') failed++;
    }
    return failed;
  });
}
