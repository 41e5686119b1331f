/**
 * Orders to call back about: a merchant with an API key, an income order with a notify_url, and
 * status changes made through the one status-change path (which writes the outbox row).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type ChangeResult, changeStatus } from '../../../../src/server/lifecycle/change-status.js';
import type { StoredStatus } from '../../../../src/server/lifecycle/transitions.js';
import { issueKey } from '../../../../src/server/merchants/api-key-store.js';
import { openMerchant } from '../../../../src/server/merchants/open-merchant.js';
import type { Order } from '../../../../src/server/orders/order.js';
import { insertOrder, lockOrder } from '../../../../src/server/orders/order-store.js';
import type { Db } from '../../../../src/server/store/db.js';

export const TEST_SECRET_KEY = Buffer.alloc(32, 7);

export interface Shop {
  readonly merchantUid: string;
  readonly apiKey: string;
  readonly apiSecret: string;
}

export async function createShop(db: Db, now: Date): Promise<Shop> {
  return db.transaction(async (tx) => {
    const merchant = await openMerchant(
      tx,
      { name: 'Chai Point', upi_vpa: `shop-${randomBytes(4).toString('hex')}@upi` },
      now,
    );
    const key = await issueKey(tx, TEST_SECRET_KEY, merchant.uid, now);
    return { merchantUid: merchant.uid, apiKey: key.api_key, apiSecret: key.api_secret };
  });
}

export async function createOrder(db: Db, shop: Shop, notifyUrl: string, now: Date): Promise<Order> {
  const order = await insertOrder(db, {
    payment_uid: randomUUID(),
    merchant_uid: shop.merchantUid,
    merchant_order_id: `MO-${randomBytes(6).toString('hex')}`,
    request_digest: 'test',
    transaction_type: 'income',
    accounting_type: 'receive',
    payterm: 'UPI',
    payment: 'india',
    currency: 'inr',
    country: 'India',
    channel: 'payment_india',
    amount: 25_000,
    final_amount: 0,
    from_account: '',
    from_name: 'Asha',
    from_bank_name: 'UPI',
    to_account: 'chaipoint@upi',
    to_name: 'Chai Point',
    to_bank_name: '',
    merchant_id: '',
    order_uid: '',
    redirect_url: '',
    notify_url: notifyUrl,
    response_type: 'json',
    ip: '203.0.113.9',
    user_agent: 'test',
    signature_key: shop.apiKey,
    extra: '',
    payment_status: 'pending',
    expires_at: new Date(now.getTime() + 15 * 60_000),
    created_at: now,
  });
  if (!order) throw new Error('order not inserted');
  return order;
}

/** Moves the order through the status-change path, which enqueues the callback. */
export async function moveOrder(db: Db, paymentUid: string, to: StoredStatus, now: Date): Promise<Order> {
  const result: ChangeResult = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, paymentUid);
    if (!order) throw new Error('no such order');
    const extra = to === 'completed' ? { finalAmount: order.amount, matchedUtr: randomUtr() } : {};
    return changeStatus(tx, order, { to, cause: 'operator', ...extra }, now);
  });
  if (result.kind !== 'changed') throw new Error(`refused ${result.from} -> ${result.to}`);
  return result.order;
}

function randomUtr(): string {
  return String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
}
