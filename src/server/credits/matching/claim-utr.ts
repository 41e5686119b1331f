/**
 * A payer claims a UTR for an order (india_match). The claim moves a pending, overdue or failed
 * order to processing, and settles it at once if the bank credit arrived first. Claiming the same
 * UTR again is an idempotent retry (and reopens an order that expired or failed meanwhile).
 * One UTR belongs to one order only, system-wide; an order takes at most 5 distinct UTRs.
 * A claim that loses (the UTR is another order's, or its credit was paid to another account than
 * this order's) is recorded for operators with both orders (lost-claims.ts).
 */
import { isFinalStatus } from '../../../shared/order-status.js';
import { changeStatus } from '../../lifecycle/change-status.js';
import type { Order } from '../../orders/order.js';
import { lockOrder } from '../../orders/order-store.js';
import type { Db } from '../../store/db.js';
import { addClaim, claimOf, countClaimsOf } from '../claim-store.js';
import { lockCreditByUtr, lockUtr } from '../credit-store.js';
import { recordLostClaim } from '../lost-claim-store.js';
import { payeeFits } from './credit-payee.js';
import { settleWithCredit } from './settle-credit.js';

export const MAX_UTRS_PER_ORDER = 5;

export type ClaimResult =
  | { readonly kind: 'claimed'; readonly order: Order }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'not_collection' }
  | { readonly kind: 'final'; readonly order: Order }
  | { readonly kind: 'utr_used' }
  /** The UTR's credit was paid to another account than this order's collection account. */
  | { readonly kind: 'payee_mismatch' }
  | { readonly kind: 'too_many'; readonly order: Order };

export async function claimUtr(
  db: Db,
  paymentUid: string,
  utr: string,
  clientIp: string,
  now: Date,
): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    await lockUtr(tx, utr);
    const order = await lockOrder(tx, paymentUid);
    if (!order) return { kind: 'not_found' };
    if (order.transaction_type !== 'income') return { kind: 'not_collection' };
    const owner = await claimOf(tx, utr);
    const lost = (reason: 'utr_used' | 'payee_mismatch', other: string | null, creditPayee = '') =>
      recordLostClaim(tx, { utr, paymentUid, otherPaymentUid: other, reason, creditPayee, clientIp }, now);
    if (owner && owner.payment_uid !== paymentUid) {
      await lost('utr_used', owner.payment_uid);
      return { kind: 'utr_used' };
    }
    if (isFinalStatus(order.payment_status)) {
      // The same claim again on a settled order is an idempotent retry; a new UTR is refused.
      return owner ? { kind: 'claimed', order } : { kind: 'final', order };
    }
    if (!owner) {
      if ((await countClaimsOf(tx, paymentUid)) >= MAX_UTRS_PER_ORDER) return { kind: 'too_many', order };
      // A credit that arrived first and was paid to another account is never this order's: the
      // claim is refused, so that it cannot hold the UTR against the order it was paid for.
      const early = await lockCreditByUtr(tx, utr);
      if (early && (await payeeFits(tx, order, early.payee)).kind === 'mismatch') {
        await lost('payee_mismatch', early.payment_uid, early.payee);
        return { kind: 'payee_mismatch' };
      }
      // Another order claimed the same UTR in a concurrent transaction and committed first.
      if (!(await addClaim(tx, { utr, paymentUid, clientIp }, now))) {
        const winner = await claimOf(tx, utr);
        await lost('utr_used', winner?.payment_uid ?? null);
        return { kind: 'utr_used' };
      }
    }
    // A new claim, or the payer's own UTR again after the order expired or failed: either way
    // the order is being paid again, and a credit that already arrived settles it now.
    let current = order;
    if (current.payment_status !== 'processing') {
      const changed = await changeStatus(
        tx,
        current,
        { to: 'processing', cause: 'utr_claim', detail: utr },
        now,
      );
      if (changed.kind === 'changed') current = changed.order;
    }
    const credit = await lockCreditByUtr(tx, utr);
    if (credit) {
      const settled = await settleWithCredit(tx, current, credit, now);
      if (settled.kind === 'completed' || settled.kind === 'rejected') current = settled.order;
    }
    return { kind: 'claimed', order: current };
  });
}
