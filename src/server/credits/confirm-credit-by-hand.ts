/**
 * An operator confirms which order a waiting credit belongs to, when the service could not tell
 * (a credit without a payee while several merchants have collection accounts), in the caller's
 * transaction. The order must be the one that claimed the UTR, or, when nobody claimed it, any
 * collection order, which then takes the claim. The same settlement as every other path: a credit
 * paid to another account than the order's is refused even so. Run at once
 * (commands/confirm-credit.ts) or, under dual control, once a second operator approves it
 * (approvals/manual-actions.ts).
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { recordAction } from '../audit/record-action.js';
import type { DomainStep } from '../command.js';
import type { Order } from '../orders/order.js';
import { type ManualResult, type RefusalWords, refusalIn, refused } from './manual-result.js';
import { CONTESTED_REFUSAL } from './matching/decide.js';
import type { SettleResult } from './matching/decision.js';
import { matchUtr } from './matching/match-utr.js';
import { settledOrder } from './receive-credit.js';

export interface ConfirmCredit {
  readonly utr: string;
  readonly paymentUid: string;
  readonly actor: string;
  readonly note: string;
}

/** The order the credit settled and how, or the refusal (confirmedCredit words the answer). */
export type ConfirmResult = ManualResult<{ readonly order: Order; readonly outcome: SettleResult }>;

const REFUSALS: RefusalWords = {
  no_credit: () => refused(404, 'utr: no credit with this UTR'),
  no_order: () => refused(404, 'payment_uid: no such collection order'),
  claimed_by_another: (r) => refused(ERROR_CODES.utrUsed, `utr: claimed by order ${r.paymentUid}`),
  cannot_settle: (r) => refused(409, `utr: ${r.detail}`),
  contested: () => refused(409, `utr: ${CONTESTED_REFUSAL}`),
};

export const confirmCreditByHand: DomainStep<ConfirmCredit, ConfirmResult> = async (tx, input, now) => {
  const { utr, paymentUid } = input;
  const matched = await matchUtr(tx, { kind: 'confirm', utr, paymentUid }, now);
  const { outcome } = matched.decision;
  const credit = matched.before.credit;
  if (outcome.kind === 'refused') return refusalIn('a confirmation', REFUSALS, outcome);
  if (outcome.kind !== 'settled' || !credit) throw new Error(`a confirmation decided as ${outcome.kind}`);
  const order = settledOrder(matched.orders, paymentUid);
  await recordAction(tx, now, input, {
    action: 'credit.confirm',
    subject: `credit:${credit.id}`,
    before: {
      utr,
      payment_uid: null,
      order_status: matched.before.orders.get(paymentUid)?.payment_status ?? null,
    },
    after: { payment_uid: order.payment_uid, payment_status: order.payment_status },
  });
  return { ok: true, value: { order, outcome: outcome.result } };
};

export interface CreditConfirmed {
  readonly utr: string;
  readonly outcome: SettleResult;
  readonly payment_uid: string;
  readonly payment_status: string;
}

/** The answer to a confirmation, or its refusal. */
export function confirmedCredit(utr: string, result: ConfirmResult): ManualResult<CreditConfirmed> {
  if (!result.ok) return result;
  const { order, outcome } = result.value;
  return {
    ok: true,
    value: { utr, outcome, payment_uid: order.payment_uid, payment_status: order.payment_status },
  };
}
