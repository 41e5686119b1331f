/**
 * A bank credit enters (operator API, statement import, sandbox). Posting the same credit twice
 * is harmless; a different credit under a known UTR is refused. The credit settles the order
 * whose payer claimed its UTR, or waits for that claim.
 */

import { isFinalStatus } from '../../shared/order-status.js';
import type { Order } from '../orders/order.js';
import { findOrder, lockOrder } from '../orders/order-store.js';
import type { Db, Queryable } from '../store/db.js';
import { payeeFits } from './credit-payee.js';
import { ordersThatLost, recordLostClaim } from './lost-claims.js';
import { type BankCredit, lockUtr, settleWithCredit } from './settle-credit.js';

export interface NewCredit {
  readonly utr: string;
  readonly amount: number;
  readonly payee: string;
  readonly payerName: string;
  readonly creditedAt: Date;
  /** Where it came from: the operator API, a statement, the sandbox, or a credit source's alert text. */
  readonly source: 'operator' | 'statement' | 'sandbox' | 'sms' | 'email';
}

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
    const [inserted] = await tx.query<BankCredit>(
      `INSERT INTO bank_credits (utr, amount, payee, payer_name, credited_at, source, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (utr) DO NOTHING RETURNING *`,
      [input.utr, input.amount, input.payee, input.payerName, input.creditedAt, input.source, now],
    );
    if (!inserted) {
      const [existing] = await tx.query<BankCredit>('SELECT * FROM bank_credits WHERE utr = $1', [input.utr]);
      if (!existing) throw new Error('credit conflict without a row');
      return existing.amount === input.amount
        ? { kind: 'duplicate', credit: existing }
        : { kind: 'conflict', credit: existing };
    }
    const [claim] = await tx.query<{ payment_uid: string }>(
      'SELECT payment_uid FROM utr_claims WHERE utr = $1',
      [input.utr],
    );
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
      await tx.query('DELETE FROM utr_claims WHERE utr = $1', [input.utr]);
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
  await tx.query('UPDATE bank_credits SET unmatched_reason = $2 WHERE id = $1', [credit.id, reason]);
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
  for (const paymentUid of await ordersThatLost(tx, credit.utr)) {
    const candidate = await findOrder(tx, paymentUid);
    if (candidate?.transaction_type !== 'income' || isFinalStatus(candidate.payment_status)) continue;
    if ((await payeeFits(tx, candidate, credit.payee)).kind !== 'fits') continue;
    const order = await lockOrder(tx, paymentUid);
    if (!order) continue;
    await tx.query(
      `INSERT INTO utr_claims (utr, payment_uid, client_ip, claimed_at)
       SELECT $1, $2, client_ip, $3 FROM lost_claims WHERE utr = $1 AND payment_uid = $2 AND reason = 'utr_used'
       ON CONFLICT (utr) DO NOTHING`,
      [credit.utr, paymentUid, now],
    );
    const result = await settle(tx, order, credit, now);
    if (result.kind !== 'matched') continue;
    await tx.query(
      `UPDATE lost_claims SET other_payment_uid = $3 WHERE utr = $1 AND payment_uid = $2 AND reason = 'payee_mismatch'`,
      [credit.utr, releasedFrom, paymentUid],
    );
    return result;
  }
  return undefined;
}
