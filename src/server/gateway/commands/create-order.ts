/**
 * Creating an order: limits, blacklist, the idempotent insert and, for payouts, the balance
 * check and hold, all in one transaction; a collection order within the limits goes in by group
 * commit, one statement with the others created meanwhile (orders/order-group-commit.ts).
 * Concurrent identical requests create one order.
 */
import { createHash } from 'node:crypto';
import { formatAmount } from '../../../shared/money.js';
import { buildUpiUri } from '../../../shared/upi-uri.js';
import type { AppDeps } from '../../app-deps.js';
import { insertPayout } from '../../channel/payout-store.js';
import { balanceOf, post } from '../../ledger/ledger.js';
import { isBlacklisted } from '../../merchants/blacklist-store.js';
import type { Merchant } from '../../merchants/merchant.js';
import { limitsFor } from '../../merchants/merchant.js';
import { payoutChannelFor } from '../../merchants/payout-channel-for.js';
import type { NewOrder, Order } from '../../orders/order.js';
import { groupCommitOf } from '../../orders/order-group-commit.js';
import {
  findOrderByMerchantOrderId,
  insertOrder,
  markAccountingDelivered,
} from '../../orders/order-store.js';
import type { Queryable } from '../../store/db.js';
import type { CreateOrderInput } from '../order-request.js';
import { timeOrderedUuid } from '../payment-uid.js';

export interface CreateContext {
  readonly merchant: Merchant;
  readonly apiKey: string;
  /** The request's fields in the canonical form without empty values: the idempotency fingerprint. */
  readonly canonical: string;
  readonly ip: string;
  readonly userAgent: string;
}

/**
 * What became of the request. Refusals are expected outcomes, returned as values; the route
 * turns them into errors.
 */
export type CreateResult =
  | { readonly kind: 'created'; readonly order: Order }
  | { readonly kind: 'existing'; readonly order: Order }
  /** The merchant_order_id belongs to an order created by a different request. */
  | { readonly kind: 'duplicate'; readonly order: Order }
  /** The merchant has no account set up to collect by this payterm. */
  | { readonly kind: 'payterm_unavailable'; readonly payterm: 'UPI' | 'IMPS' }
  | {
      readonly kind: 'out_of_range';
      readonly payterm: 'UPI' | 'IMPS';
      readonly min: number;
      readonly max: number;
    }
  | { readonly kind: 'blacklisted' }
  /** No payout channel can carry this merchant's payouts (production without a configured channel). */
  | { readonly kind: 'payouts_unavailable'; readonly reason: string }
  | { readonly kind: 'insufficient_balance'; readonly available: number; readonly amount: number };

export async function createOrder(
  deps: AppDeps,
  input: CreateOrderInput,
  ctx: CreateContext,
): Promise<CreateResult> {
  const { merchant } = ctx;
  const limits = limitsFor(merchant, input.payterm);
  const digest = createHash('sha256').update(ctx.canonical).digest('hex');
  const now = deps.clock.now();
  const collection =
    input.transactionType === 'income' ? collectionAccount(merchant, input.payterm) : undefined;

  // The common case, a collection order within the limits, goes in with the collection orders
  // created at about the same time: one statement of many rows (orders/order-group-commit.ts),
  // which leaves out an order whose merchant_order_id is taken or whose payer is blacklisted.
  // Those, payouts and refusals take the transaction below, which finds each one's answer.
  if (
    input.transactionType === 'income' &&
    collection &&
    input.amount >= limits.min &&
    input.amount <= limits.max
  ) {
    const order = await groupCommitOf(deps.db).insert(newOrder(deps, input, ctx, digest, now, collection));
    if (order) return { kind: 'created', order };
  }

  return deps.db.transaction(async (tx) => {
    const existing = await findOrderByMerchantOrderId(tx, merchant.uid, input.merchantOrderId);
    if (existing) return sameRequest(existing, digest);
    if (input.amount < limits.min || input.amount > limits.max) {
      return { kind: 'out_of_range', payterm: input.payterm, min: limits.min, max: limits.max };
    }
    if (await isBlacklisted(tx, merchant.uid, input.fromName)) return { kind: 'blacklisted' };
    if (collection === null) return { kind: 'payterm_unavailable', payterm: input.payterm };
    const payoutChannel =
      input.transactionType === 'expense' ? payoutChannelFor(merchant, deps.config) : undefined;
    if (payoutChannel && !payoutChannel.ok)
      return { kind: 'payouts_unavailable', reason: payoutChannel.reason };
    if (input.transactionType === 'expense') {
      // Locks the merchant's accounts first, so that two payouts racing for the last rupee
      // serialise here, and a refused payout leaves no order behind.
      const balance = await balanceOf(tx, merchant.uid, true);
      if (balance.available < input.amount) {
        return { kind: 'insufficient_balance', available: balance.available, amount: input.amount };
      }
    }
    const order = await insertOrder(tx, newOrder(deps, input, ctx, digest, now, collection));
    if (!order) {
      // A concurrent identical request inserted first; READ COMMITTED lets us see its row now.
      const winner = await findOrderByMerchantOrderId(tx, merchant.uid, input.merchantOrderId);
      if (!winner) throw new Error('order conflict without a row');
      return sameRequest(winner, digest);
    }
    if (payoutChannel?.ok) {
      await insertPayout(tx, { paymentUid: order.payment_uid, ...payoutChannel.payout }, now);
      return { kind: 'created', order: await holdPayout(tx, order, now) };
    }
    return { kind: 'created', order };
  });
}

function sameRequest(order: Order, digest: string): CreateResult {
  return order.request_digest === digest ? { kind: 'existing', order } : { kind: 'duplicate', order };
}

/** Holds the payout's amount, checked against the locked balance before the order was inserted. */
async function holdPayout(tx: Queryable, order: Order, now: Date): Promise<Order> {
  await post(tx, order, 'held', now);
  return (await markAccountingDelivered(tx, order.payment_uid)) ?? order;
}

function newOrder(
  deps: AppDeps,
  input: CreateOrderInput,
  ctx: CreateContext,
  digest: string,
  now: Date,
  collection: CollectionAccount | undefined,
): NewOrder {
  const { merchant } = ctx;
  const paymentUid = timeOrderedUuid(now.getTime());
  const income = input.transactionType === 'income';
  const extra =
    income && input.payterm === 'UPI'
      ? buildUpiUri({
          pa: merchant.upi_vpa,
          pn: merchant.upi_payee_name,
          am: formatAmount(input.amount),
          tr: paymentUid.replaceAll('-', ''),
          tn: `Order ${input.merchantOrderId}`.slice(0, 50),
          mc: merchant.upi_mc,
          purpose: merchant.upi_purpose,
        })
      : '';
  return {
    payment_uid: paymentUid,
    merchant_uid: merchant.uid,
    merchant_order_id: input.merchantOrderId,
    request_digest: digest,
    transaction_type: input.transactionType,
    accounting_type: input.accountingType,
    payterm: input.payterm,
    payment: 'india',
    currency: 'INR',
    country: 'India',
    channel: 'payment_india',
    amount: input.amount,
    final_amount: input.amount,
    from_account: input.from,
    from_name: input.fromName,
    from_bank_name: input.fromBankName,
    to_account: collection?.to ?? input.to,
    to_name: collection?.toName ?? input.toName,
    to_bank_name: collection?.toBankName ?? input.toBankName,
    merchant_id: input.merchantId,
    order_uid: input.orderUid,
    redirect_url: input.redirectUrl,
    notify_url: input.notifyUrl,
    response_type: input.responseType,
    ip: ctx.ip,
    user_agent: ctx.userAgent.slice(0, 512),
    signature_key: ctx.apiKey,
    extra,
    payment_status: 'pending',
    expires_at: income ? new Date(now.getTime() + deps.config.orderTtlSeconds * 1000) : null,
    created_at: now,
  };
}

interface CollectionAccount {
  readonly to: string;
  readonly toName: string;
  readonly toBankName: string;
}

/** The merchant's account that collects by `payterm`, or null when it has none set up. */
function collectionAccount(merchant: Merchant, payterm: 'UPI' | 'IMPS'): CollectionAccount | null {
  if (payterm === 'UPI') {
    if (!merchant.upi_vpa) return null;
    return { to: merchant.upi_vpa, toName: merchant.upi_payee_name, toBankName: 'UPI' };
  }
  if (!merchant.imps_account) return null;
  return { to: merchant.imps_account, toName: merchant.imps_account_name, toBankName: merchant.imps_ifsc };
}
