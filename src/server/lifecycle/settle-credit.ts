/**
 * Settles an order with a bank credit whose UTR its payer claimed, the one matching path every
 * credit source goes through. The credit's payee must be the order's collection account
 * (credit-payee.ts): otherwise nothing moves. The exact amount completes the order; any other amount rejects it, saying what arrived. A late credit for an order that is
 * overdue or failed moves it back to processing first (docs/decisions/0002-open-points.md,
 * Matching bank credits: late payments are still
 * matched). A credit for an order that is already final stays unmatched for the operator. Runs
 * inside the caller's transaction with the UTR (lockUtr), the order and the credit locked.
 */
import { formatAmount } from '../../shared/money.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { changeStatus } from './change-status.js';
import { payeeFits } from './credit-payee.js';
import { canTransition } from './transitions.js';

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
  await tx.query('UPDATE bank_credits SET payment_uid = $2, matched_at = $3 WHERE id = $1', [
    credit.id,
    order.payment_uid,
    now,
  ]);
  return exact ? { kind: 'completed', order: result.order } : { kind: 'rejected', order: result.order };
}

/**
 * Serialises everything that concerns one UTR (a claim and a credit arriving at the same moment)
 * until the transaction ends. Without it, under READ COMMITTED a claim and a credit committing
 * together would each miss the other and the credit would wait forever. Take it before locking
 * the order, in every path, so that the locks are always taken in the same order.
 */
export async function lockUtr(tx: Queryable, utr: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [UTR_LOCK_CLASS, utr]);
}

/** lockUtr for many UTRs at once (a statement's batch), taken in one order so batches cannot deadlock. */
export async function lockUtrs(tx: Queryable, utrs: readonly string[]): Promise<void> {
  await tx.query(
    'SELECT count(pg_advisory_xact_lock($1, hashtext(u))) FROM (SELECT DISTINCT u FROM unnest($2::text[]) AS u ORDER BY u) AS sorted',
    [UTR_LOCK_CLASS, utrs],
  );
}

/** The first key of the two-key advisory locks on UTRs (any fixed number not used elsewhere). */
const UTR_LOCK_CLASS = 8_130_412;

export async function lockCreditByUtr(tx: Queryable, utr: string): Promise<BankCredit | undefined> {
  const [credit] = await tx.query<BankCredit>('SELECT * FROM bank_credits WHERE utr = $1 FOR UPDATE', [utr]);
  return credit;
}
