/**
 * A statement line under the UTR of a credit already known only from a bank's text (SMS or e-mail
 * alert) is the bank's own record of it, in the caller's transaction, under the UTR's lock:
 * - the same amount paid to the same account **confirms** it: its hold is cleared, and if it
 *   completed an order, the money moves from the merchant's pending balance to available;
 * - another amount, or another account, **contradicts** it: a pending credit is frozen (its money,
 *   if it completed an order, moves from pending to frozen; if not, it settles nothing) and the case
 *   is listed for operators (GET /operator/api/ledger/frozen); a credit whose hold had already
 *   ended is listed the same way, its money staying where it is;
 * - a line that names no account and says the same amount neither confirms nor contradicts it.
 * docs/money-controls.md, "Evidence, balances and suspense".
 */
import { formatAmount } from '../../../shared/money.js';
import { post } from '../../ledger/ledger.js';
import { findOrder } from '../../orders/order-store.js';
import type { Queryable } from '../../store/db.js';
import { type BankCredit, lockCreditByUtr, setCreditHold, setUnmatchedReason } from '../credit-store.js';
import { normalizePayee } from '../matching/credit-payee.js';
import { FROZEN } from '../matching/decide.js';

export type EvidenceOutcome =
  | { readonly outcome: 'confirmed'; readonly payment_uid: string | null }
  | { readonly outcome: 'frozen'; readonly payment_uid: string | null; readonly reason: string }
  | { readonly outcome: 'duplicate'; readonly payment_uid: string | null; readonly reason?: string };

export interface StatementSays {
  readonly utr: string;
  readonly amount: number;
  /** The account the line says was paid ('' when the statement does not say). */
  readonly payee: string;
}

/** Whether a known credit's hold makes a statement line under its UTR evidence about it. */
export const awaitsStatement = (hold: BankCredit['hold']) => hold === 'pending' || hold === 'cleared';

export async function applyStatementEvidence(
  tx: Queryable,
  line: StatementSays,
  now: Date,
): Promise<EvidenceOutcome> {
  const credit = await lockCreditByUtr(tx, line.utr);
  if (!credit) throw new Error(`statement evidence for an unknown UTR ${line.utr}`);
  const paymentUid = credit.payment_uid;
  const sameAccount = normalizePayee(line.payee) === normalizePayee(credit.payee);
  if (line.amount === credit.amount && (sameAccount || line.payee === '')) {
    if (!sameAccount || credit.hold !== 'pending') {
      const reason = sameAccount ? undefined : 'the statement line names no account: not confirmed';
      return { outcome: 'duplicate', payment_uid: paymentUid, ...(reason ? { reason } : {}) };
    }
    await moveHeldMoney(tx, credit, 'cleared', now);
    await setCreditHold(tx, credit.id, 'cleared', 'statement', now);
    return { outcome: 'confirmed', payment_uid: paymentUid };
  }
  const reason =
    `statement line says ${formatAmount(line.amount)} INR to ${line.payee || 'no account'}, ` +
    `the ${credit.evidence} said ${formatAmount(credit.amount)} INR to ${credit.payee || 'no account'}`;
  const said = { amount: line.amount, payee: line.payee };
  if (credit.hold === 'pending') {
    await moveHeldMoney(tx, credit, 'frozen', now);
    await setCreditHold(tx, credit.id, 'frozen', reason, now, said);
    // One that completed nothing yet shows in the operators' list of credits as a conflict.
    if (paymentUid === null) await setUnmatchedReason(tx, credit.id, `${FROZEN}: ${reason}`);
  } else {
    // Its hold had ended and its money was made available: listed, not moved (it may be spent).
    await setCreditHold(tx, credit.id, credit.hold, `after its hold ended: ${reason}`, now, said);
  }
  return { outcome: 'frozen', payment_uid: paymentUid, reason };
}

/** The pending money of the order the credit completed (if any) becomes available, or frozen. */
async function moveHeldMoney(
  tx: Queryable,
  credit: BankCredit,
  event: 'cleared' | 'frozen',
  now: Date,
): Promise<void> {
  if (credit.payment_uid === null) return;
  const order = await findOrder(tx, credit.payment_uid);
  if (order?.payment_status !== 'completed') return;
  await post(tx, order, event, now);
}
