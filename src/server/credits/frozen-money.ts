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
import { type ManualResult, refused } from './manual-result.js';
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

export async function releaseFrozenCredit(
  tx: Queryable,
  input: CreditMoneyAction,
  now: Date,
): Promise<ManualResult<CreditMoneyMoved>> {
  const credit = await lockedCredit(tx, input.creditId);
  if (!credit) return refused(404, 'credit_id: no such credit');
  if (credit.hold !== 'frozen') return refused(409, `credit: not frozen (its hold is ${credit.hold})`);
  const order = credit.payment_uid === null ? undefined : await findOrder(tx, credit.payment_uid);
  const completed = order?.payment_status === 'completed';
  if (order && completed) await post(tx, order, 'unfrozen', now);
  await setCreditHold(tx, credit.id, 'cleared', `released by an operator: ${input.note}`, now);
  let paymentUid = credit.payment_uid;
  if (credit.payment_uid === null) {
    // Free again: decided as a credit that just arrived, so a payer's claim waiting for it settles.
    await setUnmatchedReason(tx, credit.id, NOT_CLAIMED);
    const matched = await matchUtr(tx, { kind: 'credit', utr: credit.utr }, now);
    paymentUid = matched.credit?.payment_uid ?? null;
  }
  const moved = completed ? 'frozen_to_available' : 'none';
  await audit(tx, 'credit.release', credit, input, { hold: 'cleared', payment_uid: paymentUid, moved }, now);
  return { ok: true, value: view(credit, 'cleared', paymentUid, moved) };
}

export async function returnCreditMoney(
  tx: Queryable,
  input: CreditMoneyAction,
  now: Date,
): Promise<ManualResult<CreditMoneyMoved>> {
  const credit = await lockedCredit(tx, input.creditId);
  if (!credit) return refused(404, 'credit_id: no such credit');
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
  await setCreditHold(tx, credit.id, 'returned', `returned to the payer: ${input.note}`, now);
  await audit(tx, 'credit.return', credit, input, { hold: 'returned', moved }, now);
  return { ok: true, value: view(credit, 'returned', credit.payment_uid, moved) };
}

/** The credit, locked as matching locks it: its UTR first, then its row. */
async function lockedCredit(tx: Queryable, creditId: number): Promise<BankCredit | undefined> {
  const found = await findCreditById(tx, creditId);
  if (!found) return undefined;
  await lockUtr(tx, found.utr);
  return lockCreditByUtr(tx, found.utr);
}

async function audit(
  tx: Queryable,
  action: 'credit.release' | 'credit.return',
  credit: BankCredit,
  input: CreditMoneyAction,
  after: object,
  now: Date,
): Promise<void> {
  await recordAction(tx, now, input, {
    action,
    subject: `credit:${credit.id}`,
    before: { utr: credit.utr, hold: credit.hold, payment_uid: credit.payment_uid, amount: credit.amount },
    after,
  });
}

function view(
  credit: BankCredit,
  hold: BankCredit['hold'],
  paymentUid: string | null,
  moved: CreditMoneyMoved['moved'],
): CreditMoneyMoved {
  return { credit_id: String(credit.id), utr: credit.utr, hold, payment_uid: paymentUid, moved };
}
