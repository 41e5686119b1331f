/**
 * Settles an order with a bank credit whose UTR its payer claimed: the exact amount completes
 * it; any other amount rejects it, saying what arrived. A credit for an order that is already
 * final stays unmatched for the operator. Runs inside the caller's transaction with both rows
 * locked.
 */
import { formatAmount } from '../../shared/money.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { changeStatus } from './change-status.js';

export interface BankCredit {
  readonly id: number;
  readonly utr: string;
  readonly amount: number;
  readonly payee: string;
  readonly payer_name: string;
  readonly credited_at: Date;
  readonly source: string;
  readonly payment_uid: string | null;
  readonly matched_at: Date | null;
  readonly created_at: Date;
}

export type SettleResult =
  | { readonly kind: 'completed'; readonly order: Order }
  | { readonly kind: 'rejected'; readonly order: Order }
  | { readonly kind: 'unmatched'; readonly reason: string };

export async function settleWithCredit(
  tx: Queryable,
  order: Order,
  credit: BankCredit,
  now: Date,
): Promise<SettleResult> {
  if (credit.payment_uid !== null) return { kind: 'unmatched', reason: 'credit already matched' };
  if (order.payment_status !== 'processing') {
    return { kind: 'unmatched', reason: `order is ${order.payment_status}` };
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
  const result = await changeStatus(tx, order, change, now);
  if (result.kind === 'refused') return { kind: 'unmatched', reason: `order is ${order.payment_status}` };
  await tx.query('UPDATE bank_credits SET payment_uid = $2, matched_at = $3 WHERE id = $1', [
    credit.id,
    order.payment_uid,
    now,
  ]);
  return exact ? { kind: 'completed', order: result.order } : { kind: 'rejected', order: result.order };
}

export async function lockCreditByUtr(tx: Queryable, utr: string): Promise<BankCredit | undefined> {
  const [credit] = await tx.query<BankCredit>('SELECT * FROM bank_credits WHERE utr = $1 FOR UPDATE', [utr]);
  return credit;
}
