/** One line of a bank statement as read, before it meets the store. */
import type { Paise } from '../../../shared/money.js';
import type { StatementMovement } from '../../payouts/statement-payouts.js';

export interface StatementCredit {
  readonly utr: string;
  readonly amount: Paise;
  /** The account credited, when the file says (a generic CSV's payee column); else ''. */
  readonly payee: string;
  readonly payerName: string;
  readonly creditedAt: Date;
}

export type StatementLine =
  | { readonly line: number; readonly kind: 'credit'; readonly credit: StatementCredit }
  /** Money out of the account: a bank-file payout's debit when it carries our reference. */
  | { readonly line: number; readonly kind: 'debit'; readonly movement: StatementMovement }
  /** Money back into the account against our payout reference: a payout returned by the bank. */
  | { readonly line: number; readonly kind: 'return'; readonly movement: StatementMovement }
  | { readonly line: number; readonly kind: 'invalid'; readonly error: string };

export type StatementRead =
  | { readonly ok: true; readonly format: string; readonly profile: string; readonly lines: StatementLine[] }
  | { readonly ok: false; readonly error: string };

/** A statement's own account (MT940 `:25:`, camt.053 `Acct`) as an account number: 9 to 18 digits, else ''. */
export function accountNumber(account: string): string {
  return /^\d{9,18}$/.test(account) ? account : '';
}

/** A credit line of a statement kept for one account: the money was paid to that account. */
export function creditLine(
  line: number,
  account: string,
  credit: Omit<StatementCredit, 'payee'>,
): StatementLine {
  const { utr, amount, payerName, creditedAt } = credit;
  return {
    line,
    kind: 'credit',
    credit: { utr, amount, payee: accountNumber(account), payerName, creditedAt },
  };
}
