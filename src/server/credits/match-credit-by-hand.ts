/**
 * An operator matches a waiting credit to an order by hand (with a note), in the caller's
 * transaction: the UTR is claimed for the order as the payer would have, and the credit settles it
 * through the one matching path, with its audit row. Nothing is written when the match is refused.
 * Run at once (commands/match-credit.ts) or, under dual control, once a second operator approves
 * it (approvals/manual-actions.ts).
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { recordAction } from '../audit/record-action.js';
import type { Queryable } from '../store/db.js';
import { findCreditById } from './credit-store.js';
import { type ManualResult, refused } from './manual-result.js';
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

export async function matchCreditByHand(
  tx: Queryable,
  input: MatchCredit,
  now: Date,
): Promise<ManualResult<CreditMatched>> {
  const found = await findCreditById(tx, input.creditId);
  if (!found) return refused(404, 'credit_id: no such credit');
  const matched = await matchUtr(tx, { kind: 'match', utr: found.utr, paymentUid: input.paymentUid }, now);
  const { outcome } = matched.decision;
  const credit = matched.before.credit;
  if (outcome.kind === 'refused') {
    switch (outcome.reason) {
      case 'no_credit':
        return refused(404, 'credit_id: no such credit');
      case 'already_matched':
        return refused(409, `credit: already matched to ${outcome.paymentUid}`);
      case 'no_order':
        return refused(404, 'payment_uid: no such order');
      case 'not_collection':
        return refused(400, 'payment_uid: not a collection order');
      case 'claimed_by_another':
        return refused(
          ERROR_CODES.utrUsed,
          `utr: claimed by another order (${outcome.paymentUid}); match that order instead`,
        );
      case 'cannot_settle':
        return refused(409, `payment_uid: cannot settle with this credit (${outcome.detail})`);
      case 'contested':
        return refused(409, `utr: ${CONTESTED_REFUSAL}`);
      default:
        throw new Error(`a match refused as ${outcome.reason}`);
    }
  }
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
}
