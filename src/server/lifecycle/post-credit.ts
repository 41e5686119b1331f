/**
 * A bank credit enters (operator API, statement import, sandbox). Posting the same credit twice
 * is harmless; a different credit under a known UTR is refused. The credit settles the order
 * whose payer claimed its UTR, or waits for that claim.
 */
import type { Order } from '../orders/order.js';
import { lockOrder } from '../orders/order-store.js';
import type { Db } from '../store/db.js';
import { type BankCredit, lockUtr, settleWithCredit } from './settle-credit.js';

export interface NewCredit {
  readonly utr: string;
  readonly amount: number;
  readonly payee: string;
  readonly payerName: string;
  readonly creditedAt: Date;
  readonly source: 'operator' | 'statement' | 'sandbox';
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
    const order = await lockOrder(tx, claim.payment_uid);
    if (!order) throw new Error('claim without an order');
    const settled = await settleWithCredit(tx, order, inserted, now);
    if (settled.kind === 'unmatched') return { kind: 'waiting', credit: inserted, reason: settled.reason };
    return {
      kind: 'matched',
      credit: { ...inserted, payment_uid: order.payment_uid, matched_at: now },
      order: settled.order,
      outcome: settled.kind,
    };
  });
}
