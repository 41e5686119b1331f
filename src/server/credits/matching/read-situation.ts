/**
 * Reads what a decision about a UTR needs, locking what it may change: the UTR first (every path
 * takes its lock before any row, so the locks are always taken in the same order), then the credit,
 * then the orders in payment_uid order, so two matchings that share orders wait for each other
 * instead of deadlocking. Runs in the caller's transaction.
 */
import { collectingMerchants } from '../../merchants/merchant-store.js';
import type { Order } from '../../orders/order.js';
import { lockOrder } from '../../orders/order-store.js';
import type { Queryable } from '../../store/db.js';
import { countClaimsOf, holdersOf } from '../claim-store.js';
import { type BankCredit, lockCreditByUtr, lockUtr } from '../credit-store.js';
import { losersOf } from '../lost-claim-store.js';
import { normalizePayee } from './credit-payee.js';
import type { Situation, Trigger } from './decision.js';

/** The situation, and the credit's row as read (the executor writes to it by id). */
export interface ReadSituation extends Situation {
  readonly credit: BankCredit | undefined;
}

export async function readSituation(tx: Queryable, trigger: Trigger): Promise<ReadSituation> {
  await lockUtr(tx, trigger.utr);
  const credit = await lockCreditByUtr(tx, trigger.utr);
  const claims = await holdersOf(tx, trigger.utr);
  // Earlier losers matter when a credit arrives: one of them may take a claim that is released.
  const losers = trigger.kind === 'credit' ? await losersOf(tx, trigger.utr) : [];
  const named = new Set<string>();
  // Every holder is read: a credit settles one, a claim may contest one, a resolution releases them.
  for (const claim of claims) named.add(claim.payment_uid);
  for (const loser of losers) named.add(loser.payment_uid);
  if (trigger.kind !== 'credit') named.add(trigger.paymentUid);
  const orders = new Map<string, Order>();
  for (const paymentUid of [...named].sort()) {
    const order = await lockOrder(tx, paymentUid);
    if (order) orders.set(paymentUid, order);
  }
  const holds = claims.some((claim) => trigger.kind === 'claim' && claim.payment_uid === trigger.paymentUid);
  const claimCount = trigger.kind === 'claim' && !holds ? await countClaimsOf(tx, trigger.paymentUid) : 0;
  const collectors =
    credit && normalizePayee(credit.payee) === '' ? await collectingMerchants(tx) : undefined;
  return { credit, claims, losers, orders, claimCount, collectors };
}
