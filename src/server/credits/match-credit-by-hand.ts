/**
 * An operator matches a waiting credit to an order by hand (with a note), in the caller's
 * transaction: the UTR is claimed for the order as the payer would have, and the credit settles it
 * through the one matching path, with its audit row. Nothing is written when the match is refused.
 * Run at once (commands/match-credit.ts) or, under dual control, once a second operator approves
 * it (approvals/manual-actions.ts).
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { recordAction } from '../audit/record-action.js';
import { findCreditById } from './credit-store.js';
import { type ManualStep, type RefusalWords, refusalIn, refused } from './manual-result.js';
import { CONTESTED_REFUSAL } from './matching/decide.js';
import { matchUtr } from './matching/match-utr.js';
import { settledOrder } from './receive-credit.js';

export interface MatchCredit {
  readonly creditId: number;
  readonly paymentUid: string;
  readonly note: string;
  readonly actor: string;
}

export interface CreditMatched {
  readonly credit_id: string;
  readonly utr: string;
  readonly outcome: 'completed' | 'rejected';
  readonly payment_uid: string;
  readonly payment_status: string;
}

const REFUSALS: RefusalWords = {
  no_credit: () => refused(404, 'credit_id: no such credit'),
  already_matched: (r) => refused(409, `credit: already matched to ${r.paymentUid}`),
  no_order: () => refused(404, 'payment_uid: no such order'),
  not_collection: () => refused(400, 'payment_uid: not a collection order'),
  closed: () =>
    refused(
      409,
      'payment_uid: an operator failed this order; it settles no credit by hand (the credit keeps waiting)',
    ),
  claimed_by_another: (r) =>
    refused(ERROR_CODES.utrUsed, `utr: claimed by another order (${r.paymentUid}); match that order instead`),
  cannot_settle: (r) => refused(409, `payment_uid: cannot settle with this credit (${r.detail})`),
  contested: () => refused(409, `utr: ${CONTESTED_REFUSAL}`),
};

export const matchCreditByHand: ManualStep<MatchCredit, CreditMatched> = async (tx, input, now) => {
  const found = await findCreditById(tx, input.creditId);
  if (!found) return refused(404, 'credit_id: no such credit');
  const matched = await matchUtr(tx, { kind: 'match', utr: found.utr, paymentUid: input.paymentUid }, now);
  const { outcome } = matched.decision;
  const credit = matched.before.credit;
  if (outcome.kind === 'refused') return refusalIn('a match', REFUSALS, outcome);
  if (outcome.kind !== 'settled' || !credit) throw new Error(`a match decided as ${outcome.kind}`);
  const order = settledOrder(matched.orders, input.paymentUid);
  const after = { payment_uid: order.payment_uid, payment_status: order.payment_status };
  await recordAction(tx, now, input, {
    action: 'credit.match',
    subject: `credit:${credit.id}`,
    before: {
      utr: credit.utr,
      payment_uid: null,
      unmatched_reason: credit.unmatched_reason,
      order_status: matched.before.orders.get(input.paymentUid)?.payment_status,
    },
    after,
  });
  return {
    ok: true,
    value: { credit_id: String(credit.id), utr: credit.utr, outcome: outcome.result, ...after },
  };
};
