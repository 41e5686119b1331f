/**
 * An operator decides about a credit's money that no order can take as it stands
 * (docs/money-controls.md, "Frozen and suspense money"), in the caller's transaction, under the
 * UTR's lock, with its audit row:
 * - **release** a frozen credit (the contradicting statement line was wrong): its hold is cleared;
 *   if it completed an order, the money moves from the merchant's frozen balance to available;
 *   if not, it is matched again as a credit that just arrived (a claim waiting for it settles);
 * - **return** a credit's money to the payer: frozen money of a completed order leaves the
 *   merchant's frozen balance, money that completed no order leaves its suspense account, each
 *   through the bank; the credit is `returned` and settles nothing again. Money a completed order
 *   made available is never returned here (a merchant's refund is another matter).
 * Nothing is written when the action is refused. Run at once (commands/credit-money.ts) or, under
 * dual control, once a second operator approves it (approvals/manual-actions.ts).
 */
import { recordAction } from '../audit/record-action.js';
import { post, postReturnedCredit } from '../ledger/ledger.js';
import { findOrder } from '../orders/order-store.js';
import type { Queryable } from '../store/db.js';
import {
  type BankCredit,
  findCreditById,
  lockCreditByUtr,
  lockUtr,
  setCreditHold,
  setUnmatchedReason,
} from './credit-store.js';
import { type ManualResult, type ManualStep, refused } from './manual-result.js';
import { NOT_CLAIMED, RETURNED } from './matching/decide.js';
import { matchUtr } from './matching/match-utr.js';

export interface CreditMoneyAction {
  readonly creditId: number;
  readonly note: string;
  readonly actor: string;
}

export interface CreditMoneyMoved {
  readonly credit_id: string;
  readonly utr: string;
  readonly hold: BankCredit['hold'];
  /** The order the credit completed, if any. */
  readonly payment_uid: string | null;
  /** Where the money went: the merchant's available balance, or back to the payer. */
  readonly moved: 'frozen_to_available' | 'frozen_to_payer' | 'suspense_to_payer' | 'none';
}

/** What an action did: the order the credit now belongs to, where its money went, the audit row's after. */
interface Done {
  readonly paymentUid: string | null;
  readonly moved: CreditMoneyMoved['moved'];
  readonly after: object;
}

/**
 * An action on a credit's money that leaves it with `hold`: the credit locked as matching locks it
 * (refused when there is no such credit), the action's `act`, then the audit row and the answer.
 */
function creditMoneyAction(
  action: 'credit.release' | 'credit.return',
  hold: BankCredit['hold'],
  act: (tx: Queryable, credit: BankCredit, note: string, now: Date) => Promise<ManualResult<Done>>,
): ManualStep<CreditMoneyAction, CreditMoneyMoved> {
  return async (tx, input, now) => {
    const credit = await lockedCredit(tx, input.creditId);
    if (!credit) return refused(404, 'credit_id: no such credit');
    const done = await act(tx, credit, input.note, now);
    if (!done.ok) return done;
    const { paymentUid, moved, after } = done.value;
    await recordAction(tx, now, input, {
      action,
      subject: `credit:${credit.id}`,
      before: { utr: credit.utr, hold: credit.hold, payment_uid: credit.payment_uid, amount: credit.amount },
      after,
    });
    return {
      ok: true,
      value: { credit_id: String(credit.id), utr: credit.utr, hold, payment_uid: paymentUid, moved },
    };
  };
}

export const releaseFrozenCredit = creditMoneyAction(
  'credit.release',
  'cleared',
  async (tx, credit, note, now) => {
    if (credit.hold !== 'frozen') return refused(409, `credit: not frozen (its hold is ${credit.hold})`);
    const order = credit.payment_uid === null ? undefined : await findOrder(tx, credit.payment_uid);
    const completed = order?.payment_status === 'completed';
    if (order && completed) await post(tx, order, 'unfrozen', now);
    await setCreditHold(tx, credit.id, 'cleared', `released by an operator: ${note}`, now);
    let paymentUid = credit.payment_uid;
    if (credit.payment_uid === null) {
      // Free again: decided as a credit that just arrived, so a payer's claim waiting for it settles.
      await setUnmatchedReason(tx, credit.id, NOT_CLAIMED);
      const matched = await matchUtr(tx, { kind: 'credit', utr: credit.utr }, now);
      paymentUid = matched.credit?.payment_uid ?? null;
    }
    const moved = completed ? 'frozen_to_available' : 'none';
    const after = { hold: 'cleared', payment_uid: paymentUid, moved };
    return { ok: true, value: { paymentUid, moved, after } };
  },
);

export const returnCreditMoney = creditMoneyAction(
  'credit.return',
  'returned',
  async (tx, credit, note, now) => {
    if (credit.hold === 'returned') return refused(409, 'credit: its money was returned already');
    const order = credit.payment_uid === null ? undefined : await findOrder(tx, credit.payment_uid);
    let moved: CreditMoneyMoved['moved'];
    if (order?.payment_status === 'completed') {
      if (credit.hold !== 'frozen') {
        return refused(409, `credit: it completed order ${order.payment_uid} and its money is not frozen`);
      }
      await post(tx, order, 'returned', now);
      moved = 'frozen_to_payer';
    } else {
      await postReturnedCredit(tx, credit, now);
      await setUnmatchedReason(tx, credit.id, RETURNED);
      moved = 'suspense_to_payer';
    }
    await setCreditHold(tx, credit.id, 'returned', `returned to the payer: ${note}`, now);
    const after = { hold: 'returned', moved };
    return { ok: true, value: { paymentUid: credit.payment_uid, moved, after } };
  },
);

/** The credit, locked as matching locks it: its UTR first, then its row. */
async function lockedCredit(tx: Queryable, creditId: number): Promise<BankCredit | undefined> {
  const found = await findCreditById(tx, creditId);
  if (!found) return undefined;
  await lockUtr(tx, found.utr);
  return lockCreditByUtr(tx, found.utr);
}
