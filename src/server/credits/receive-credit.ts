/**
 * A bank credit enters, from any source (operator API, alert text, statement, sandbox), in the
 * caller's transaction, and its money is posted into suspense (ledger.ts). Receiving the same credit twice is harmless; a different credit under a
 * known UTR is refused. A new credit goes through the matching (matching/match-utr.ts): it settles
 * the order whose payer claimed its UTR, or waits for that claim, or waits with the reason.
 */
import { postReceived } from '../ledger/ledger.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { type BankCredit, findCreditByUtr, insertCredit, lockUtr, type NewCredit } from './credit-store.js';
import { matchUtr } from './matching/match-utr.js';

export type ReceiveResult =
  | {
      readonly kind: 'matched';
      readonly credit: BankCredit;
      readonly order: Order;
      readonly outcome: 'completed' | 'rejected';
    }
  | { readonly kind: 'waiting'; readonly credit: BankCredit; readonly reason: string }
  | { readonly kind: 'duplicate'; readonly credit: BankCredit }
  | { readonly kind: 'conflict'; readonly credit: BankCredit };

export async function receiveCredit(tx: Queryable, input: NewCredit, now: Date): Promise<ReceiveResult> {
  await lockUtr(tx, input.utr);
  const inserted = await insertCredit(tx, input, now);
  if (!inserted) {
    const existing = await findCreditByUtr(tx, input.utr);
    if (!existing) throw new Error('credit conflict without a row');
    return existing.amount === input.amount
      ? { kind: 'duplicate', credit: existing }
      : { kind: 'conflict', credit: existing };
  }
  // The money is in: in the suspense account of the account it was paid to, until it settles an order.
  await postReceived(tx, inserted, now);
  const matched = await matchUtr(tx, { kind: 'credit', utr: input.utr }, now);
  const { outcome } = matched.decision;
  switch (outcome.kind) {
    case 'settled':
      return {
        kind: 'matched',
        credit: matched.credit ?? inserted,
        order: settledOrder(matched.orders, outcome.paymentUid),
        outcome: outcome.result,
      };
    case 'waiting':
      return { kind: 'waiting', credit: inserted, reason: outcome.reason };
    default:
      throw new Error(`a credit decided as ${outcome.kind}`);
  }
}

export function settledOrder(orders: ReadonlyMap<string, Order>, paymentUid: string): Order {
  const order = orders.get(paymentUid);
  if (!order) throw new Error(`settled order ${paymentUid} was not read`);
  return order;
}
