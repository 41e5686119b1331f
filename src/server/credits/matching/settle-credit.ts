/**
 * Settles an order with a bank credit whose UTR its payer claimed, the one matching path every
 * credit source goes through. The credit's payee must be the order's collection account
 * (credit-payee.ts): otherwise nothing moves. The exact amount completes the order; any other amount rejects it, saying what arrived. A late credit for an order that is
 * overdue or failed moves it back to processing first (docs/decisions/0002-open-points.md,
 * Matching bank credits: late payments are still
 * matched). A credit for an order that is already final stays unmatched for the operator. Runs
 * inside the caller's transaction with the UTR (lockUtr), the order and the credit locked.
 */
import { formatAmount } from '../../../shared/money.js';
import { changeStatus } from '../../lifecycle/change-status.js';
import { canTransition } from '../../lifecycle/transitions.js';
import type { Order } from '../../orders/order.js';
import type { Queryable } from '../../store/db.js';
import { type BankCredit, markCreditMatched } from '../credit-store.js';
import { payeeFits } from './credit-payee.js';

export type SettleResult =
  | { readonly kind: 'completed'; readonly order: Order }
  | { readonly kind: 'rejected'; readonly order: Order }
  | { readonly kind: 'unmatched'; readonly reason: string }
  /** The credit was paid to another account than the order's: never this order's money. */
  | { readonly kind: 'wrong_payee'; readonly reason: string };

export async function settleWithCredit(
  tx: Queryable,
  order: Order,
  credit: BankCredit,
  now: Date,
  options: { readonly operatorConfirmed?: boolean } = {},
): Promise<SettleResult> {
  if (credit.payment_uid !== null) return { kind: 'unmatched', reason: 'credit already matched' };
  const fit = await payeeFits(tx, order, credit.payee);
  if (fit.kind === 'mismatch') return { kind: 'wrong_payee', reason: fit.reason };
  // A credit without a payee that several merchants could have received waits for an operator,
  // who may confirm whose it is; a credit paid to another account never moves, confirmed or not.
  if (fit.kind === 'unknown' && !options.operatorConfirmed) return { kind: 'unmatched', reason: fit.reason };
  let current = order;
  if (current.payment_status !== 'processing') {
    if (!canTransition(order.transaction_type, order.payment_status, 'processing')) {
      return { kind: 'unmatched', reason: `order is ${order.payment_status}` };
    }
    const reopened = await changeStatus(
      tx,
      order,
      { to: 'processing', cause: 'bank_credit', detail: credit.utr },
      now,
    );
    if (reopened.kind === 'refused') return { kind: 'unmatched', reason: `order is ${order.payment_status}` };
    current = reopened.order;
  }
  const exact = credit.amount === order.amount;
  const change = exact
    ? {
        to: 'completed' as const,
        cause: 'bank_credit' as const,
        detail: credit.utr,
        finalAmount: credit.amount,
        matchedUtr: credit.utr,
      }
    : {
        to: 'reject' as const,
        cause: 'bank_credit' as const,
        detail: credit.utr,
        finalAmount: credit.amount,
        matchedUtr: credit.utr,
        failReason: `amount mismatch: received ${formatAmount(credit.amount)} INR, expected ${formatAmount(order.amount)} INR`,
      };
  const result = await changeStatus(tx, current, change, now);
  if (result.kind === 'refused') return { kind: 'unmatched', reason: `order is ${order.payment_status}` };
  await markCreditMatched(tx, credit.id, order.payment_uid, now);
  return exact ? { kind: 'completed', order: result.order } : { kind: 'rejected', order: result.order };
}
