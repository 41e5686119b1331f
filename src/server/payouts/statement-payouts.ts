/**
 * What a bank statement says of bank-file payouts (docs/payouts.md, Bank files), in the import's
 * transaction: a **debit** line carrying our reference completes the payout with the bank's UTR
 * (when the line has one); a **return** (a credit line carrying our reference: the money came
 * back) fails a payout still open, releasing its hold, or reverses one that completed
 * (lifecycle/reverse-payout.ts). A line is applied only to a bank-file payout of the same amount,
 * debited from the statement's account when the statement names it; anything else is reported
 * and changes nothing. Importing the same statement again changes nothing more.
 */
import type { Paise } from '../../shared/money.js';
import { formatAmount } from '../../shared/money.js';
import { findPayoutReference } from '../channel/payout.js';
import { lockPayoutOrderByReference } from '../channel/payout-store.js';
import { applyPayoutStep } from '../lifecycle/apply-payout-step.js';
import { reversePayout } from '../lifecycle/reverse-payout.js';
import { isUtrMatched } from '../orders/order-store.js';
import type { Queryable } from '../store/db.js';

/** A statement line that moved money out of (debit) or back into (return) the account. */
export interface StatementMovement {
  readonly amount: Paise;
  /** The line's narration and reference cells, where banks echo the payer's reference. */
  readonly text: string;
  /** The bank's reference of the transfer (IMPS RRN, NEFT UTR), or ''. */
  readonly utr: string;
  /** The statement's account, or '' when the file does not say. */
  readonly account: string;
}

export type PayoutLineReport = { readonly outcome: string } & Record<string, unknown>;

export async function applyStatementMovement(
  tx: Queryable,
  movement: StatementMovement,
  direction: 'debit' | 'return',
  now: Date,
): Promise<PayoutLineReport> {
  const reference = findPayoutReference(movement.text);
  const amount = formatAmount(movement.amount);
  if (!reference)
    return direction === 'debit'
      ? { outcome: 'ignored', reason: 'debit' }
      : { outcome: 'invalid', error: 'return: no payout reference', amount };
  const found = await lockPayoutOrderByReference(tx, reference);
  const base = { reference, amount, ...(movement.utr ? { utr: movement.utr } : {}) };
  if (found?.payout.channel !== 'bank_file')
    return {
      ...base,
      outcome: 'payout_unknown',
      error: `reference ${reference}: no bank-file payout has it`,
    };
  const { payout, ...order } = found;
  const at = { ...base, payment_uid: order.payment_uid };
  if (order.amount !== movement.amount)
    return {
      ...at,
      outcome: 'payout_mismatch',
      error: `amount: the payout is ${formatAmount(order.amount)}`,
    };
  if (movement.account && payout.debit_account && movement.account !== payout.debit_account)
    return {
      ...at,
      outcome: 'payout_mismatch',
      error: `account: the payout is debited from ${payout.debit_account}`,
    };
  const detail = `bank statement${movement.utr ? ` ${movement.utr}` : ''}`;

  if (direction === 'debit') {
    if (order.payment_status === 'completed')
      return { ...at, outcome: 'duplicate', payment_status: 'completed' };
    if (order.payment_status !== 'preparing' && order.payment_status !== 'processing')
      return {
        ...at,
        outcome: 'payout_mismatch',
        error: `a debit for a payout that is ${order.payment_status}`,
      };
    const utr = movement.utr && !(await isUtrMatched(tx, movement.utr)) ? movement.utr : undefined;
    await applyPayoutStep(tx, order, { kind: 'advance', to: 'completed', utr }, detail, now);
    return { ...at, outcome: 'payout_completed', payment_status: 'completed' };
  }
  const reason = `returned by the bank: ${movement.text.replace(/\s+/g, ' ').trim().slice(0, 200)}`;
  if (order.payment_status === 'completed') {
    const reversed = await reversePayout(tx, order, reason, now);
    return {
      ...at,
      outcome: reversed.kind === 'reversed' ? 'payout_reversed' : 'duplicate',
      payment_status: 'completed',
    };
  }
  if (order.payment_status === 'failed' || order.payment_status === 'reject')
    return { ...at, outcome: 'duplicate', payment_status: order.payment_status };
  await applyPayoutStep(tx, order, { kind: 'fail', to: 'failed', reason }, detail, now);
  return { ...at, outcome: 'payout_failed', payment_status: 'failed' };
}
