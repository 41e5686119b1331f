/**
 * An operator's bank credit, in the caller's transaction: received as any credit, and written to
 * the audit log with what it settled. A conflict (another amount under the same UTR) changes
 * nothing and is not recorded. Run at once (commands/post-credit.ts) or, under dual control, once
 * a second operator approves it (approvals/manual-actions.ts).
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount } from '../../shared/money.js';
import { recordAction } from '../audit/record-action.js';
import type { DomainStep } from '../command.js';
import { type CreditReceipt, receiptOf } from './credit-receipt.js';
import { type ManualResult, refused } from './manual-result.js';
import { type ReceiveResult, receiveCredit } from './receive-credit.js';

export interface PostCredit {
  readonly utr: string;
  /** Paise. */
  readonly amount: number;
  readonly payee: string;
  readonly payerName: string;
  /** When the bank credited it; now when not given. */
  readonly creditedAt: Date | undefined;
  readonly actor: string;
  readonly note: string;
}

export const postManualCredit: DomainStep<PostCredit, ReceiveResult> = async (tx, input, now) => {
  const posted = await receiveCredit(
    tx,
    {
      utr: input.utr,
      amount: input.amount,
      payee: input.payee,
      payerName: input.payerName,
      creditedAt: input.creditedAt ?? now,
      source: 'operator',
    },
    now,
  );
  if (posted.kind === 'conflict') return posted;
  await recordAction(tx, now, input, {
    action: 'credit.post',
    subject: `credit:${posted.credit.id}`,
    after: {
      payee: posted.credit.payee,
      utr: posted.credit.utr,
      amount: formatAmount(posted.credit.amount),
      ...receiptOf(posted),
    },
  });
  return posted;
};

export type PostedCredit = { readonly utr: string; readonly amount: string } & CreditReceipt;

/** The answer to a posted credit, or its refusal. */
export function postedCredit(result: ReceiveResult): ManualResult<PostedCredit> {
  if (result.kind === 'conflict')
    return refused(ERROR_CODES.utrUsed, 'utr: a different credit with this UTR exists');
  return {
    ok: true,
    value: { utr: result.credit.utr, amount: formatAmount(result.credit.amount), ...receiptOf(result) },
  };
}
