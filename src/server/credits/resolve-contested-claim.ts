/**
 * An operator decides whose a contested UTR is (docs/money-controls.md, "Contested claims"), in the
 * caller's transaction: the named order's claim stands, the other claims are released (kept as
 * lost claims naming it), and the UTR's credit, if it arrived, settles the named order through the
 * one matching path; with its audit row. Nothing is written when the resolution is refused. Run at
 * once (commands/resolve-claim.ts) or, under dual control, once a second operator approves it
 * (approvals/manual-actions.ts).
 */
import { recordAction } from '../audit/record-action.js';
import { type ManualStep, type RefusalWords, refusalIn, refused } from './manual-result.js';
import { matchUtr } from './matching/match-utr.js';
import { settledOrder } from './receive-credit.js';

export interface ResolveClaim {
  readonly utr: string;
  readonly paymentUid: string;
  readonly note: string;
  readonly actor: string;
}

export interface ClaimResolved {
  readonly utr: string;
  readonly payment_uid: string;
  readonly payment_status: string;
  /** The orders whose claim was released. */
  readonly released: readonly string[];
  /** completed or rejected when the credit settled the order; waiting when it has not arrived or cannot settle it. */
  readonly outcome: 'completed' | 'rejected' | 'waiting';
}

const REFUSALS: RefusalWords = {
  not_contested: () => refused(404, 'utr: no contested claim with this UTR'),
  no_claim: () => refused(400, 'payment_uid: this order does not claim the UTR'),
  final: () => refused(409, 'payment_uid: the order is settled already; name an open order'),
};

export const resolveContestedClaim: ManualStep<ResolveClaim, ClaimResolved> = async (tx, input, now) => {
  const { utr, paymentUid } = input;
  const matched = await matchUtr(tx, { kind: 'resolve', utr, paymentUid }, now);
  const { outcome } = matched.decision;
  if (outcome.kind === 'refused') return refusalIn('a resolution', REFUSALS, outcome);
  const order = settledOrder(matched.orders, paymentUid);
  const released = matched.before.claims.map((c) => c.payment_uid).filter((uid) => uid !== paymentUid);
  const after = { payment_uid: paymentUid, payment_status: order.payment_status, released };
  await recordAction(tx, now, input, {
    action: 'claim.resolve',
    subject: `utr:${utr}`,
    before: {
      claims: matched.before.claims.map((c) => c.payment_uid),
      credit_payment_uid: matched.before.credit?.payment_uid ?? null,
    },
    after,
  });
  return {
    ok: true,
    value: { utr, ...after, outcome: outcome.kind === 'settled' ? outcome.result : 'waiting' },
  };
};
