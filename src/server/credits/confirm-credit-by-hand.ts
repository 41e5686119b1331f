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
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import type { BankCredit } from './credit-store.js';
import { type ManualResult, refused } from './manual-result.js';
import { CONTESTED_REFUSAL } from './matching/decide.js';
import { matchUtr } from './matching/match-utr.js';
import { settledOrder } from './receive-credit.js';

export interface ConfirmCredit {
  readonly utr: string;
  readonly paymentUid: string;
  readonly actor: string;
  readonly note: string;
}

export type ConfirmResult =
  | { readonly kind: 'matched'; readonly order: Order; readonly outcome: 'completed' | 'rejected' }
  | { readonly kind: 'no_credit' }
  | { readonly kind: 'no_order' }
  | { readonly kind: 'claimed_by_another'; readonly paymentUid: string }
  | { readonly kind: 'refused'; readonly reason: string; readonly credit: BankCredit };

export async function confirmCreditByHand(
  tx: Queryable,
  input: ConfirmCredit,
  now: Date,
): Promise<ConfirmResult> {
  const { utr, paymentUid } = input;
  const matched = await matchUtr(tx, { kind: 'confirm', utr, paymentUid }, now);
  const { outcome } = matched.decision;
  const credit = matched.before.credit;
  if (outcome.kind === 'refused') {
    switch (outcome.reason) {
      case 'no_credit':
      case 'no_order':
        return { kind: outcome.reason };
      case 'claimed_by_another':
        return { kind: 'claimed_by_another', paymentUid: outcome.paymentUid };
      case 'cannot_settle':
        if (!credit) throw new Error('a credit refused without its credit');
        return { kind: 'refused', reason: outcome.detail, credit };
      case 'contested':
        if (!credit) throw new Error('a credit refused without its credit');
        return { kind: 'refused', reason: CONTESTED_REFUSAL, credit };
      default:
        throw new Error(`a confirmation refused as ${outcome.reason}`);
    }
  }
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
  return { kind: 'matched', order, outcome: outcome.result };
}

export interface CreditConfirmed {
  readonly utr: string;
  readonly outcome: 'completed' | 'rejected';
  readonly payment_uid: string;
  readonly payment_status: string;
}

/** The answer to a confirmation, or its refusal. */
export function confirmedCredit(utr: string, result: ConfirmResult): ManualResult<CreditConfirmed> {
  switch (result.kind) {
    case 'no_credit':
      return refused(404, 'utr: no credit with this UTR');
    case 'no_order':
      return refused(404, 'payment_uid: no such collection order');
    case 'claimed_by_another':
      return refused(ERROR_CODES.utrUsed, `utr: claimed by order ${result.paymentUid}`);
    case 'refused':
      return refused(409, `utr: ${result.reason}`);
    case 'matched':
      return {
        ok: true,
        value: {
          utr,
          outcome: result.outcome,
          payment_uid: result.order.payment_uid,
          payment_status: result.order.payment_status,
        },
      };
  }
}
