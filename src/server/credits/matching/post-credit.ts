/**
 * A bank credit enters (operator API, statement import, sandbox). Posting the same credit twice
 * is harmless; a different credit under a known UTR is refused. The credit settles the order
 * whose payer claimed its UTR, or waits for that claim.
 */

import { isFinalStatus } from '../../../shared/order-status.js';
import type { Order } from '../../orders/order.js';
import { findOrder, lockOrder } from '../../orders/order-store.js';
import type { Db, Queryable } from '../../store/db.js';
import { addClaim, claimOf, releaseClaim } from '../claim-store.js';
import {
  type BankCredit,
  findCreditByUtr,
  insertCredit,
  lockUtr,
  type NewCredit,
  setUnmatchedReason,
} from '../credit-store.js';
import { losersOf, passLoss, recordLostClaim } from '../lost-claim-store.js';
import { payeeFits } from './credit-payee.js';
import { settleWithCredit } from './settle-credit.js';

export type { NewCredit } from '../credit-store.js';

export type PostCreditResult =
  | {
      readonly kind: 'matched';
      readonly credit: BankCredit;
      readonly order: Order;
      readonly outcome: 'completed' | 'rejected';
    }
  | { readonly kind: 'waiting'; readonly credit: BankCredit; readonly reason: string }
  | { readonly kind: 'duplicate'; readonly credit: BankCredit }
  | { readonly kind: 'conflict'; readonly credit: BankCredit };

export async function postCredit(db: Db, input: NewCredit, now: Date): Promise<PostCreditResult> {
  return db.transaction(async (tx) => {
    await lockUtr(tx, input.utr);
    const inserted = await insertCredit(tx, input, now);
    if (!inserted) {
      const existing = await findCreditByUtr(tx, input.utr);
      if (!existing) throw new Error('credit conflict without a row');
      return existing.amount === input.amount
        ? { kind: 'duplicate', credit: existing }
        : { kind: 'conflict', credit: existing };
    }
    const claim = await claimOf(tx, input.utr);
    if (!claim) return { kind: 'waiting', credit: inserted, reason: 'no order has claimed this UTR yet' };
    const holder = await findOrder(tx, claim.payment_uid);
    if (!holder) throw new Error('claim without an order');
    if ((await payeeFits(tx, holder, inserted.payee)).kind === 'mismatch') {
      await recordLostClaim(
        tx,
        {
          utr: input.utr,
          paymentUid: holder.payment_uid,
          otherPaymentUid: null,
          reason: 'payee_mismatch',
          creditPayee: inserted.payee,
        },
        now,
      );
      await releaseClaim(tx, input.utr);
      const rightful = await settleEarlierLoser(tx, inserted, holder.payment_uid, now);
      return (
        rightful ??
        (await waitWithReason(
          tx,
          inserted,
          "paid to another account than the claiming order's; that claim was released",
        ))
      );
    }
    const order = await lockOrder(tx, claim.payment_uid);
    if (!order) throw new Error('claim without an order');
    return settle(tx, order, inserted, now);
  });
}

async function settle(tx: Queryable, order: Order, credit: BankCredit, now: Date): Promise<PostCreditResult> {
  const settled = await settleWithCredit(tx, order, credit, now);
  if (settled.kind === 'unmatched' || settled.kind === 'wrong_payee')
    return waitWithReason(tx, credit, settled.reason);
  return {
    kind: 'matched',
    credit: { ...credit, payment_uid: order.payment_uid, matched_at: now },
    order: settled.order,
    outcome: settled.kind,
  };
}

/**
 * A claimed credit that cannot settle its claim (another account's, the order final, no payee
 * while several merchants collect) keeps the reason, whatever its source, so the operators' list
 * shows it among the conflicts (credits/credit-list.ts).
 */
async function waitWithReason(
  tx: Queryable,
  credit: BankCredit,
  reason: string,
): Promise<PostCreditResult & { kind: 'waiting' }> {
  await setUnmatchedReason(tx, credit.id, reason);
  return { kind: 'waiting', credit, reason };
}

/**
 * After a wrong claim is released: the first order of the credit's account whose payer claimed the
 * same UTR and was refused because the wrong claim held it takes the UTR and is settled.
 */
async function settleEarlierLoser(
  tx: Queryable,
  credit: BankCredit,
  releasedFrom: string,
  now: Date,
): Promise<PostCreditResult | undefined> {
  for (const { payment_uid: paymentUid, client_ip: clientIp } of await losersOf(tx, credit.utr)) {
    const candidate = await findOrder(tx, paymentUid);
    if (candidate?.transaction_type !== 'income' || isFinalStatus(candidate.payment_status)) continue;
    if ((await payeeFits(tx, candidate, credit.payee)).kind !== 'fits') continue;
    const order = await lockOrder(tx, paymentUid);
    if (!order) continue;
    await addClaim(tx, { utr: credit.utr, paymentUid, clientIp }, now);
    const result = await settle(tx, order, credit, now);
    if (result.kind !== 'matched') continue;
    await passLoss(tx, credit.utr, releasedFrom, paymentUid);
    return result;
  }
  return undefined;
}
