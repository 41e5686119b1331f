/**
 * Ends the wait of a collection whose payer claimed UTRs that no bank credit matched: once its
 * expiry lies CLAIM_GRACE_SECONDS in the past, a `processing` collection becomes `failed` with the
 * payer-facing code `no_payment` (callback and history through changeStatus, in one transaction).
 * A credit with one of its UTRs arriving later still completes it (failed -> processing ->
 * completed, as for overdue). SKIP LOCKED lets several processes sweep.
 */
import { OrderRow } from '../orders/order.js';
import type { Db } from '../store/db.js';
import { queryRows } from '../store/rows.js';
import { changeStatus } from './change-status.js';

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
    // A claimed UTR with a credit is settled in the claim's or the credit's transaction; the
    // NOT EXISTS keeps this sweep from racing a settlement that is under way elsewhere.
    const due = await queryRows(
      tx,
      OrderRow,
      `SELECT * FROM orders o
       WHERE o.payment_status = 'processing' AND o.transaction_type = 'income' AND o.expires_at <= $1
         AND NOT EXISTS (
           SELECT 1 FROM utr_claims c JOIN bank_credits b ON b.utr = c.utr
           WHERE c.payment_uid = o.payment_uid)
       ORDER BY o.expires_at LIMIT $2 FOR UPDATE OF o SKIP LOCKED`,
      [cutoff, batch],
    );
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
