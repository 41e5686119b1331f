/**
 * Carries out a decision (decide.ts) through the stores, in the transaction the situation was read
 * in, step by step. Status changes go through changeStatus, so each change writes its history, its
 * ledger posting and its callback with it. The situation's locks make every step valid; a step the
 * store refuses is a bug, and rolls the transaction back.
 */
import type { Collection } from '../../ledger/ledger.js';
import { suspenseAccount } from '../../ledger/ledger-accounts.js';
import { changeStatus } from '../../lifecycle/change-status.js';
import type { Order } from '../../orders/order.js';
import type { Queryable } from '../../store/db.js';
import { addClaim, endContest, joinContest, markContested, releaseClaim } from '../claim-store.js';
import { type BankCredit, markCreditMatched, setUnmatchedReason } from '../credit-store.js';
import { passLoss, recordLostClaim } from '../lost-claim-store.js';
import type { Decision, Step } from './decision.js';
import type { ReadSituation } from './read-situation.js';

/** The orders and the credit after the decision, as written. */
export interface Applied {
  readonly orders: ReadonlyMap<string, Order>;
  readonly credit: BankCredit | undefined;
}

export async function applyDecision(
  tx: Queryable,
  utr: string,
  situation: ReadSituation,
  decision: Decision,
  now: Date,
): Promise<Applied> {
  const orders = new Map(situation.orders);
  let credit = situation.credit;
  const orderOf = (paymentUid: string): Order => {
    const order = orders.get(paymentUid);
    if (!order) throw new Error(`matching: order ${paymentUid} was not read`);
    return order;
  };
  const creditOf = (step: Step): BankCredit => {
    if (!credit) throw new Error(`matching: ${step.kind} without a credit`);
    return credit;
  };
  for (const step of decision.steps) {
    switch (step.kind) {
      case 'record_loss':
        await recordLostClaim(tx, step.loss, now);
        break;
      case 'release_claim':
        await releaseClaim(tx, utr, step.paymentUid);
        break;
      case 'add_claim':
        if (!(await addClaim(tx, { utr, paymentUid: step.paymentUid, clientIp: step.clientIp }, now))) {
          throw new Error('matching: the UTR was claimed under its lock');
        }
        break;
      case 'join_contest':
        await joinContest(tx, { utr, paymentUid: step.paymentUid, clientIp: step.clientIp }, now);
        break;
      case 'mark_contested':
        await markContested(tx, utr, now);
        break;
      case 'end_contest':
        await endContest(tx, utr, step.paymentUid);
        break;
      case 'reopen': {
        const changed = await changeStatus(
          tx,
          orderOf(step.paymentUid),
          { to: 'processing', cause: step.cause, detail: utr },
          now,
        );
        if (changed.kind !== 'changed') throw new Error(`matching: reopening refused (${changed.from})`);
        orders.set(step.paymentUid, changed.order);
        break;
      }
      case 'settle': {
        const paid = creditOf(step);
        const changed = await changeStatus(
          tx,
          orderOf(step.paymentUid),
          {
            to: step.result === 'completed' ? 'completed' : 'reject',
            cause: 'bank_credit',
            detail: utr,
            finalAmount: paid.amount,
            matchedUtr: utr,
            collection: collectionOf(paid),
            ...(step.failReason ? { failReason: step.failReason } : {}),
          },
          now,
        );
        if (changed.kind !== 'changed') throw new Error(`matching: settling refused (${changed.from})`);
        orders.set(step.paymentUid, changed.order);
        await markCreditMatched(tx, paid.id, step.paymentUid, now);
        credit = { ...paid, payment_uid: step.paymentUid, matched_at: now };
        break;
      }
      case 'keep_reason':
        await setUnmatchedReason(tx, creditOf(step).id, step.reason);
        break;
      case 'pass_loss':
        await passLoss(tx, utr, step.from, step.to);
        break;
    }
  }
  return { orders, credit };
}

/**
 * Where the money of an order the credit completes comes from (the suspense account of the account
 * it was paid to) and goes to: pending while the credit is known only from a bank's text and
 * neither confirmed nor past its hold (credit-store.ts, `hold`), available otherwise.
 */
function collectionOf(credit: BankCredit): Collection {
  return { from: suspenseAccount(credit.payee), into: credit.hold === 'pending' ? 'pending' : 'available' };
}
