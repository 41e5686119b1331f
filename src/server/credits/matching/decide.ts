/**
 * Credit matching as one pure decision: from what happened to a UTR and what is known about it,
 * what to do. Nothing here reads or writes; apply-decision.ts carries the decision out. The rules:
 * - a credit settles the order whose payer claimed its UTR, if it was paid to that order's
 *   collection account (credit-payee.ts): the exact amount completes the order, any other amount
 *   rejects it; an overdue or failed order goes back to processing first (late payments are still
 *   matched); a final order is never settled again;
 * - a claim held by an order whose account did not receive the credit is released, and the first
 *   order whose claim lost to it and whose account did receive it takes the UTR and is settled;
 * - a credit nobody claimed waits for a claim; one that cannot settle its claim waits with the
 *   reason, for an operator;
 * - one UTR belongs to one order; an order claims at most MAX_UTRS_PER_ORDER of them. A second
 *   order of the same merchant and amount that claims a UTR an open order holds contests it: both
 *   claims are contested, neither order completes on its own, the credit waits for an operator's
 *   resolution (`resolve`), which names the order it settles and releases the others. A claim by
 *   any other order is refused (`utr_used`), so a payer cannot contest orders at will; one after the
 *   credit completed the holder is refused too, and the completed order's claim marked contested;
 * - a claim of
 *   a UTR whose credit went to another account is refused, and so is a claim of a UTR whose credit
 *   arrived first with another amount than the order's (`credit_mismatch`: the order stays open);
 *   a credit that arrives after the claim with another amount rejects the order, as above;
 * - an order an operator failed takes no claim from the payer (only an operator reopens it);
 * - a credit a statement line contradicted (frozen) settles nothing until an operator decides;
 *   one whose money an operator returned to the payer settles nothing again;
 * - an operator may confirm whose a credit without a payee is, and match a waiting credit by
 *   hand: the same settlement, never across accounts.
 */
import { formatAmount } from '../../../shared/money.js';
import { isFinalStatus } from '../../../shared/order-status.js';
import { canTransition } from '../../lifecycle/transitions.js';
import type { Order } from '../../orders/order.js';
import { type PayeeFit, payeeFits } from './credit-payee.js';
import type { CreditFacts, Decision, Outcome, Refusal, Situation, Step, Trigger } from './decision.js';

export const MAX_UTRS_PER_ORDER = 5;

/** The fail code of an order an operator failed (lifecycle/commands/set-order-status.ts). */
const OPERATOR_FAILED = 'operator_failed';

export const NOT_CLAIMED = 'no order has claimed this UTR yet';
export const FROZEN = 'frozen: a statement line contradicts this credit; an operator decides';
export const CLAIM_RELEASED = "paid to another account than the claiming order's; that claim was released";
export const RETURNED = 'returned to the payer by an operator';
export const CONTESTED = 'contested: several orders claim this UTR; an operator decides whose it is';
export const CONTESTED_REFUSAL = 'contested by several orders; resolve the contested claim instead';

export function decide(trigger: Trigger, situation: Situation): Decision {
  switch (trigger.kind) {
    case 'credit':
      return creditArrives(trigger.utr, situation);
    case 'claim':
      return payerClaims(trigger, situation);
    case 'confirm':
      return operatorConfirms(trigger.paymentUid, situation);
    case 'match':
      return operatorMatches(trigger.paymentUid, situation);
    case 'resolve':
      return operatorResolves(trigger.utr, trigger.paymentUid, situation);
  }
}

function creditArrives(utr: string, s: Situation): Decision {
  const credit = s.credit;
  if (!credit) throw new Error('a credit trigger without its credit');
  const holder = s.claims[0];
  if (!holder) return { steps: [], outcome: { kind: 'waiting', reason: NOT_CLAIMED } };
  if (isContested(s)) return wait(CONTESTED);
  const order = orderOf(s, holder.payment_uid);
  const fit = payeeFits(order, credit.payee, s.collectors);
  if (fit.kind !== 'mismatch') {
    const settled = settlement(order, credit, fit, false);
    return settled.kind === 'settle' ? settled.decision : wait(settled.reason);
  }
  const release: Step[] = [
    {
      kind: 'record_loss',
      loss: {
        utr,
        paymentUid: order.payment_uid,
        otherPaymentUid: null,
        reason: 'payee_mismatch',
        creditPayee: credit.payee,
      },
    },
    { kind: 'release_claim', paymentUid: order.payment_uid },
  ];
  for (const loser of s.losers) {
    const candidate = s.orders.get(loser.payment_uid);
    if (candidate?.transaction_type !== 'income' || isFinalStatus(candidate.payment_status)) continue;
    const candidateFit = payeeFits(candidate, credit.payee, s.collectors);
    if (candidateFit.kind !== 'fits') continue;
    const settled = settlement(candidate, credit, candidateFit, false);
    if (settled.kind !== 'settle') continue;
    return {
      steps: [
        ...release,
        { kind: 'add_claim', paymentUid: candidate.payment_uid, clientIp: loser.client_ip },
        ...settled.decision.steps,
        { kind: 'pass_loss', from: order.payment_uid, to: candidate.payment_uid },
      ],
      outcome: settled.decision.outcome,
    };
  }
  const waiting = wait(CLAIM_RELEASED);
  return { steps: [...release, ...waiting.steps], outcome: waiting.outcome };
}

function payerClaims(trigger: Trigger & { kind: 'claim' }, s: Situation): Decision {
  const { utr, paymentUid, clientIp } = trigger;
  const order = s.orders.get(paymentUid);
  if (!order) return refuse({ reason: 'no_order' });
  if (order.transaction_type !== 'income') return refuse({ reason: 'not_collection' });
  if (closedByOperator(order)) return refuse({ reason: 'closed' });
  const own = s.claims.find((claim) => claim.payment_uid === paymentUid);
  const holder = own ?? s.claims[0];
  if (holder && !own) return claimOfAnother(trigger, order, s);
  // The same claim again on a settled order is an idempotent retry; a new UTR is refused.
  if (isFinalStatus(order.payment_status)) {
    return holder ? { steps: [], outcome: { kind: 'claimed', paymentUid } } : refuse({ reason: 'final' });
  }
  // The payer's own claim again while it is contested: still an operator's decision.
  if (own?.contested) return { steps: [], outcome: { kind: 'contested', paymentUid } };
  const fit = s.credit ? payeeFits(order, s.credit.payee, s.collectors) : undefined;
  const steps: Step[] = [];
  if (!holder) {
    if (s.claimCount >= MAX_UTRS_PER_ORDER) return refuse({ reason: 'too_many' });
    // A credit that arrived first and was paid to another account is never this order's: the
    // claim is refused, so that it cannot hold the UTR against the order it was paid for.
    if (s.credit && fit?.kind === 'mismatch') {
      const loss = {
        utr,
        paymentUid,
        otherPaymentUid: s.credit.payment_uid,
        reason: 'payee_mismatch',
        creditPayee: s.credit.payee,
        clientIp,
      } as const;
      return refuse({ reason: 'payee_mismatch' }, [{ kind: 'record_loss', loss }]);
    }
    // A credit that arrived first with another amount cannot be this order's payment: a wrong UTR
    // pasted (an earlier deposit) must not end the order. The claim is refused saying the credit's
    // amount, kept for operators, and the order stays open for the right UTR.
    if (s.credit && s.credit.payment_uid === null && s.credit.amount !== order.amount) {
      const loss = {
        utr,
        paymentUid,
        otherPaymentUid: null,
        reason: 'credit_mismatch',
        creditPayee: s.credit.payee,
        creditAmount: s.credit.amount,
        clientIp,
      } as const;
      return refuse({ reason: 'credit_mismatch', creditAmount: s.credit.amount }, [
        { kind: 'record_loss', loss },
      ]);
    }
    steps.push({ kind: 'add_claim', paymentUid, clientIp });
  }
  // A new claim, or the payer's own UTR again after the order expired or failed: either way the
  // order is being paid again, and a credit that already arrived settles it now.
  let paying = order;
  if (order.payment_status !== 'processing') {
    steps.push({ kind: 'reopen', paymentUid, cause: 'utr_claim' });
    paying = { ...order, payment_status: 'processing' };
  }
  if (s.credit && fit) {
    const settled = settlement(paying, s.credit, fit, false);
    if (settled.kind === 'settle') steps.push(...settled.decision.steps);
  }
  return { steps, outcome: { kind: 'claimed', paymentUid } };
}

/**
 * A claim of a UTR another order holds. Only an order of the same merchant and amount may contest
 * it (anything else is refused as used, so a payer cannot hold up orders at will): while the holder
 * is open both claims are contested; once its credit completed it, the claim is refused and the
 * completed order's claim is marked contested for an operator to look at.
 */
function claimOfAnother(trigger: Trigger & { kind: 'claim' }, order: Order, s: Situation): Decision {
  const { utr, paymentUid, clientIp } = trigger;
  // The holder that is still open, if any (a contestant may have been settled by another credit).
  const holders = s.claims.map((claim) => orderOf(s, claim.payment_uid));
  const held = holders.find((holder) => !isFinalStatus(holder.payment_status)) ?? holders[0];
  const holderUid = held?.payment_uid ?? null;
  const loss = { utr, paymentUid, otherPaymentUid: holderUid, reason: 'utr_used', clientIp } as const;
  const lost: Step = { kind: 'record_loss', loss: { ...loss, creditPayee: '' } };
  const rival =
    held !== undefined && held.merchant_uid === order.merchant_uid && held.amount === order.amount;
  if (!rival) return refuse({ reason: 'utr_used' }, [lost]);
  if (isFinalStatus(held.payment_status)) {
    const flag: Step[] = held.payment_status === 'completed' ? [{ kind: 'mark_contested' }] : [];
    return refuse({ reason: 'utr_used' }, [lost, ...flag]);
  }
  if (isFinalStatus(order.payment_status)) return refuse({ reason: 'utr_used' }, [lost]);
  if (s.claimCount >= MAX_UTRS_PER_ORDER) return refuse({ reason: 'too_many' });
  const steps: Step[] = [{ kind: 'join_contest', paymentUid, clientIp }];
  if (order.payment_status !== 'processing') steps.push({ kind: 'reopen', paymentUid, cause: 'utr_claim' });
  if (s.credit && s.credit.payment_uid === null) steps.push({ kind: 'keep_reason', reason: CONTESTED });
  return { steps, outcome: { kind: 'contested', paymentUid } };
}

/**
 * An operator decides whose a contested UTR is: the named order's claim stands alone, the others
 * are released (kept as lost claims naming it), and the credit, if it arrived, settles the order
 * as any credit would (never across accounts, never a final order). A completed order's contested
 * claim is only confirmed: its money moved already.
 */
function operatorResolves(utr: string, paymentUid: string, s: Situation): Decision {
  if (!isContested(s)) return refuse({ reason: 'not_contested' });
  const winner = s.claims.find((claim) => claim.payment_uid === paymentUid);
  if (!winner) return refuse({ reason: 'no_claim' });
  const order = orderOf(s, paymentUid);
  // A contestant another credit settled meanwhile cannot take this one; its own completed claim is confirmed.
  if (isFinalStatus(order.payment_status) && s.credit?.payment_uid !== paymentUid) {
    return refuse({ reason: 'final' });
  }
  const steps: Step[] = [];
  for (const other of s.claims) {
    if (other.payment_uid === paymentUid) continue;
    const loss = {
      utr,
      paymentUid: other.payment_uid,
      otherPaymentUid: paymentUid,
      reason: 'utr_used',
      creditPayee: '',
      clientIp: other.client_ip,
    } as const;
    steps.push({ kind: 'record_loss', loss }, { kind: 'release_claim', paymentUid: other.payment_uid });
  }
  steps.push({ kind: 'end_contest', paymentUid });
  if (!s.credit || s.credit.payment_uid !== null) {
    return { steps, outcome: { kind: 'claimed', paymentUid } };
  }
  const settled = settlement(order, s.credit, payeeFits(order, s.credit.payee, s.collectors), false);
  if (settled.kind !== 'settle') {
    steps.push({ kind: 'keep_reason', reason: settled.reason });
    return { steps, outcome: { kind: 'claimed', paymentUid } };
  }
  return {
    steps: [...steps, ...settled.decision.steps, { kind: 'keep_reason', reason: '' }],
    outcome: settled.decision.outcome,
  };
}

function operatorConfirms(paymentUid: string, s: Situation): Decision {
  if (!s.credit) return refuse({ reason: 'no_credit' });
  if (isContested(s) && s.credit.payment_uid === null) return refuse({ reason: 'contested' });
  const order = s.orders.get(paymentUid);
  if (order?.transaction_type !== 'income') return refuse({ reason: 'no_order' });
  // A credit without a payee that several merchants could have received settles once an
  // operator says whose it is; a credit paid to another account never moves, confirmed or not.
  const settled = operatorSettles(order, s.credit, s, true);
  if (settled.kind === 'refused') return settled.decision;
  return { steps: [...settled.decision.steps, ...settled.claim], outcome: settled.decision.outcome };
}

function operatorMatches(paymentUid: string, s: Situation): Decision {
  if (!s.credit) return refuse({ reason: 'no_credit' });
  if (s.credit.payment_uid !== null) {
    return refuse({ reason: 'already_matched', paymentUid: s.credit.payment_uid });
  }
  if (isContested(s)) return refuse({ reason: 'contested' });
  const order = s.orders.get(paymentUid);
  if (!order) return refuse({ reason: 'no_order' });
  if (order.transaction_type !== 'income') return refuse({ reason: 'not_collection' });
  if (closedByOperator(order)) return refuse({ reason: 'closed' });
  const settled = operatorSettles(order, s.credit, s, false);
  if (settled.kind === 'refused') return settled.decision;
  // The operator claims the UTR for the order as the payer would have, then it settles as any claim.
  return {
    steps: [...settled.claim, ...settled.decision.steps, { kind: 'keep_reason', reason: '' }],
    outcome: settled.decision.outcome,
  };
}

/**
 * An operator's confirmation or match settles the order with the credit as a claim would, when the
 * UTR is unclaimed or the order's own (`claim`: the order's claim to add when nobody claimed it).
 */
function operatorSettles(
  order: Order,
  credit: CreditFacts,
  s: Situation,
  confirmed: boolean,
):
  | { readonly kind: 'refused'; readonly decision: Decision }
  | { readonly kind: 'settle'; readonly decision: Decision; readonly claim: readonly Step[] } {
  const holder = s.claims[0];
  if (holder && holder.payment_uid !== order.payment_uid) {
    return {
      kind: 'refused',
      decision: refuse({ reason: 'claimed_by_another', paymentUid: holder.payment_uid }),
    };
  }
  const settled = settlement(order, credit, payeeFits(order, credit.payee, s.collectors), confirmed);
  if (settled.kind !== 'settle') {
    return { kind: 'refused', decision: refuse({ reason: 'cannot_settle', detail: settled.reason }) };
  }
  const claim: Step[] = holder
    ? []
    : [{ kind: 'add_claim', paymentUid: order.payment_uid, clientIp: 'operator' }];
  return { kind: 'settle', decision: settled.decision, claim };
}

type Settlement =
  | { readonly kind: 'settle'; readonly decision: Decision }
  | { readonly kind: 'cannot'; readonly reason: string };

/**
 * Settling the order with the credit: the exact amount completes it, any other amount rejects it
 * saying what arrived. Only a credit not yet matched, paid to the order's account (or, confirmed
 * by an operator, paid to no named account), settles a collection that can still be paid.
 */
function settlement(order: Order, credit: CreditFacts, fit: PayeeFit, confirmed: boolean): Settlement {
  if (credit.payment_uid !== null) return { kind: 'cannot', reason: 'credit already matched' };
  if (credit.hold === 'frozen') return { kind: 'cannot', reason: FROZEN };
  if (credit.hold === 'returned') return { kind: 'cannot', reason: RETURNED };
  if (fit.kind === 'mismatch') return { kind: 'cannot', reason: fit.reason };
  if (fit.kind === 'unknown' && !confirmed) return { kind: 'cannot', reason: fit.reason };
  const refused = { kind: 'cannot', reason: `order is ${order.payment_status}` } as const;
  if (order.transaction_type !== 'income') return refused;
  const steps: Step[] = [];
  if (order.payment_status !== 'processing') {
    if (!canTransition('income', order.payment_status, 'processing')) return refused;
    steps.push({ kind: 'reopen', paymentUid: order.payment_uid, cause: 'bank_credit' });
  }
  const exact = credit.amount === order.amount;
  const failReason = exact
    ? ''
    : `amount mismatch: received ${formatAmount(credit.amount)} INR, expected ${formatAmount(order.amount)} INR`;
  const result = exact ? 'completed' : 'rejected';
  steps.push({ kind: 'settle', paymentUid: order.payment_uid, result, failReason });
  return {
    kind: 'settle',
    decision: { steps, outcome: { kind: 'settled', paymentUid: order.payment_uid, result } },
  };
}

/** The credit waits, the reason kept on it for the operators' list. */
function wait(reason: string): Decision {
  return { steps: [{ kind: 'keep_reason', reason }], outcome: { kind: 'waiting', reason } };
}

function refuse(refusal: Refusal, steps: readonly Step[] = []): Decision {
  const outcome: Outcome = { kind: 'refused', ...refusal };
  return { steps, outcome };
}

/**
 * An order an operator failed takes no claim from the payer, not even its own UTR again: only an
 * operator reopens it (a late credit for a UTR it had claimed still settles it).
 */
function closedByOperator(order: Order): boolean {
  return order.payment_status === 'failed' && order.fail_code === OPERATOR_FAILED;
}

function isContested(s: Situation): boolean {
  return s.claims.some((claim) => claim.contested);
}

function orderOf(s: Situation, paymentUid: string): Order {
  const order = s.orders.get(paymentUid);
  if (!order) throw new Error('a claim without its order');
  return order;
}
