/**
 * An operator confirms which order a waiting credit belongs to, when the service could not tell
 * (a credit without a payee while several merchants have collection accounts). The order must be
 * the one that claimed the UTR, or, when nobody claimed it, any collection order, which then takes
 * the claim. The same settlement as every other path: a credit paid to another account than the
 * order's is refused even so.
 */

import type { Order } from '../../orders/order.js';
import { lockOrder } from '../../orders/order-store.js';
import type { Db } from '../../store/db.js';
import { addClaim, claimOf } from '../claim-store.js';
import { type BankCredit, lockCreditByUtr, lockUtr } from '../credit-store.js';
import { settleWithCredit } from './settle-credit.js';

export type ConfirmResult =
  | { readonly kind: 'matched'; readonly order: Order; readonly outcome: 'completed' | 'rejected' }
  | { readonly kind: 'no_credit' }
  | { readonly kind: 'no_order' }
  | { readonly kind: 'claimed_by_another'; readonly paymentUid: string }
  | { readonly kind: 'refused'; readonly reason: string; readonly credit: BankCredit };

export async function confirmCredit(
  db: Db,
  utr: string,
  paymentUid: string,
  now: Date,
): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    await lockUtr(tx, utr);
    const credit = await lockCreditByUtr(tx, utr);
    if (!credit) return { kind: 'no_credit' };
    const order = await lockOrder(tx, paymentUid);
    if (order?.transaction_type !== 'income') return { kind: 'no_order' };
    const claim = await claimOf(tx, utr);
    if (claim && claim.payment_uid !== paymentUid)
      return { kind: 'claimed_by_another', paymentUid: claim.payment_uid };
    const settled = await settleWithCredit(tx, order, credit, now, { operatorConfirmed: true });
    if (settled.kind === 'unmatched' || settled.kind === 'wrong_payee')
      return { kind: 'refused', reason: settled.reason, credit };
    if (!claim) {
      await addClaim(tx, { utr, paymentUid, clientIp: 'operator' }, now);
    }
    return { kind: 'matched', order: settled.order, outcome: settled.kind };
  });
}
