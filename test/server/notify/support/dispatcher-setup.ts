/**
 * Per-test setup for dispatcher tests: a fresh store, a manual clock, a merchant with a key, a
 * receiver that verifies signatures with that key's secret, and helpers to make orders to notify.
 */
import { afterEach, beforeEach } from 'vitest';
import { ManualClock } from '../../../../src/server/clock.js';
import { createMetrics } from '../../../../src/server/http/metrics.js';
import { silentLogger } from '../../../../src/server/log.js';
import {
  createDispatcher,
  type Dispatcher,
  type DispatcherDeps,
} from '../../../../src/server/notify/dispatcher.js';
import type { Order } from '../../../../src/server/orders/order.js';
import { findOrder } from '../../../../src/server/orders/order-store.js';
import type { Db } from '../../../../src/server/store/db.js';
import { openTestDb, type TestDb } from '../../support/test-db.js';
import { createOrder, createShop, moveOrder, type Shop, TEST_SECRET_KEY } from './callback-fixture.js';
import { type CallbackReceiver, startReceiver } from './callback-receiver.js';

/** Far above any delivery to a loopback receiver, however loaded the machine. */
export const DELIVERY_TIMEOUT_MS = 30_000;

export const dispatcherConfig = { allowPrivateCallbacks: true, workerId: 'test', secretKey: TEST_SECRET_KEY };

export interface DispatcherContext {
  db: TestDb;
  clock: ManualClock;
  receiver: CallbackReceiver;
  shop: Shop;
  /**
   * A dispatcher over the test store. Its delivery timeout is generous (a real loopback network
   * on a busy machine); a test of timeouts sets a short one and a receiver that never answers.
   */
  dispatcher(overrides?: Partial<DispatcherDeps>): Dispatcher;
  /** An order with the receiver as notify_url, moved to `processing` (which enqueues a callback). */
  orderNotified(onDb?: Db): Promise<Order>;
  reread(paymentUid: string): Promise<Order>;
}

export function useDispatcherContext(): DispatcherContext {
  const context = {} as DispatcherContext;
  beforeEach(async () => {
    context.db = await openTestDb();
    context.clock = new ManualClock();
    const shop = await createShop(context.db, context.clock.now());
    context.shop = shop;
    context.receiver = await startReceiver((apiKey) => (apiKey === shop.apiKey ? shop.apiSecret : undefined));
  });
  afterEach(async () => {
    await context.receiver.close();
    await context.db.close();
  });
  context.dispatcher = (overrides = {}) =>
    createDispatcher({
      db: context.db,
      clock: context.clock,
      log: silentLogger,
      metrics: createMetrics(),
      config: dispatcherConfig,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      ...overrides,
    });
  context.orderNotified = async (onDb = context.db) => {
    const order = await createOrder(onDb, context.shop, context.receiver.url, context.clock.now());
    return moveOrder(onDb, order.payment_uid, 'processing', context.clock.now());
  };
  context.reread = async (paymentUid) => {
    const order = await findOrder(context.db, paymentUid);
    if (!order) throw new Error('order vanished');
    return order;
  };
  return context;
}
