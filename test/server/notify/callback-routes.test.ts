import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../src/server/app-deps.js';
import { ManualClock } from '../../../src/server/clock.js';
import { loadConfig } from '../../../src/server/config.js';
import { renderError } from '../../../src/server/http/envelope.js';
import { createMetrics } from '../../../src/server/http/metrics.js';
import type { OperatorEnv } from '../../../src/server/http/operator-env.js';
import { silentLogger } from '../../../src/server/log.js';
import type { CallbackAttempt } from '../../../src/server/notify/callback-attempt-store.js';
import { callbackRoutes } from '../../../src/server/notify/callback-routes.js';
import { createDispatcher } from '../../../src/server/notify/dispatcher.js';
import type { OutboxRow } from '../../../src/server/notify/outbox.js';
import { findOrder } from '../../../src/server/orders/order-store.js';
import { type HeardChanges, hearChanges } from '../support/heard-changes.js';
import { openTestDb, type TestDb } from '../support/test-db.js';
import {
  createOrder,
  createShop,
  moveOrder,
  type Shop,
  TEST_SECRET_KEY,
} from './support/callback-fixture.js';
import { type CallbackReceiver, startReceiver } from './support/callback-receiver.js';

const loaded = loadConfig({ ALLOW_PRIVATE_CALLBACKS: 'true', WORKER_ID: 'test', LOG_LEVEL: 'silent' });
if (!loaded.ok) throw new Error(loaded.errors.join('; '));
interface CallbacksView {
  readonly outbox: readonly OutboxRow[];
  readonly attempts: readonly CallbackAttempt[];
}

const config = { ...loaded.config, secretKey: TEST_SECRET_KEY };

describe('the operator callback routes', () => {
  let db: TestDb;
  let clock: ManualClock;
  let receiver: CallbackReceiver;
  let shop: Shop;
  let app: Hono;
  let heard: HeardChanges;

  const dispatcher = () =>
    createDispatcher({ db, clock, log: silentLogger, metrics: createMetrics(), config, timeoutMs: 30_000 });
  const call = async <T>(path: string, method = 'GET') => {
    const res = await app.request(path, { method });
    return { status: res.status, body: (await res.json()) as { result: string; data: T } };
  };
  const get = <T = unknown[]>(path: string) => call<T>(path);
  const post = <T = Record<string, unknown>>(path: string) => call<T>(path, 'POST');
  const finalOrder = async () => {
    const order = await createOrder(db, shop, receiver.url, clock.now());
    await moveOrder(db, order.payment_uid, 'processing', clock.now());
    return moveOrder(db, order.payment_uid, 'completed', clock.now());
  };

  beforeEach(async () => {
    db = await openTestDb();
    clock = new ManualClock();
    shop = await createShop(db, clock.now());
    receiver = await startReceiver((apiKey) => (apiKey === shop.apiKey ? shop.apiSecret : undefined));
    heard = await hearChanges(db);
    const deps: AppDeps = {
      config,
      db,
      clock,
      log: silentLogger,
      metrics: createMetrics(),
      changes: heard.feed,
    };
    // As behind the operator authentication, which names the acting operator.
    const operator = new Hono<OperatorEnv>().use((c, next) => {
      c.set('operatorName', 'asha');
      return next();
    });
    app = new Hono().route('/', operator.route('/', callbackRoutes(deps)));
    app.onError((error, c) => renderError(c, error));
  });
  afterEach(async () => {
    await receiver.close();
    await heard.feed.close();
    await db.close();
  });

  it('lists an order’s outbox rows and every attempt with its status, latency and answer', async () => {
    receiver.answer = 'error';
    const order = await finalOrder();
    await dispatcher().runOnce();

    const { status, body } = await get<CallbacksView>(`/orders/${order.payment_uid}/callbacks`);
    expect(status).toBe(200);
    expect(body.result).toBe('success');
    expect(body.data).toMatchObject({
      payment_uid: order.payment_uid,
      notify_url: receiver.url,
      notify_status: 'delivered',
      notify_fail_reason: 'HTTP 500',
    });
    expect(
      body.data.outbox.map((row: { payment_status: string; state: string }) => [
        row.payment_status,
        row.state,
      ]),
    ).toEqual([
      ['processing', 'superseded'],
      ['completed', 'pending'],
    ]);
    expect(body.data.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        payment_status: 'completed',
        http_status: 500,
        response_snippet: 'Internal Server Error',
        error: 'HTTP 500',
        latency_ms: expect.any(Number),
      }),
    ]);
  });

  it('resends the current state of a final order whose callbacks failed, announcing the row to the dispatchers', async () => {
    receiver.answer = 'error';
    const order = await finalOrder();
    await db.query(`UPDATE outbox SET state = 'failed', attempts = 16 WHERE payment_uid = $1`, [
      order.payment_uid,
    ]);
    await db.query(
      `UPDATE orders SET notify_status = 'failed', notify_fail_reason = 'HTTP 500' WHERE payment_uid = $1`,
      [order.payment_uid],
    );

    await heard.settle();
    const announced = heard.outbox.length;
    const { status, body } = await post(`/orders/${order.payment_uid}/callbacks/resend`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ payment_status: 'completed', state: 'pending', attempts: 0 });
    await heard.settle();
    expect(heard.outbox.slice(announced)).toEqual([order.payment_uid]);
    expect(await findOrder(db, order.payment_uid)).toMatchObject({
      notify_status: 'delivered',
      notify_fail_reason: '',
    });

    receiver.answer = 'success';
    expect(await dispatcher().runOnce()).toBe(1);
    expect(receiver.hits.map((hit) => hit.fields.payment_status)).toEqual(['completed']);
    expect(await findOrder(db, order.payment_uid)).toMatchObject({ notify_status: 'completed' });
  });

  it('answers 404 for an unknown order and 409 for an order without a notify_url', async () => {
    expect((await post('/orders/00000000-0000-4000-8000-000000000000/callbacks/resend')).status).toBe(404);
    expect((await get('/orders/not-a-uuid/callbacks')).status).toBe(404);
    const silent = await createOrder(db, shop, '', clock.now());
    const { status, body } = await post<{ details: string }>(
      `/orders/${silent.payment_uid}/callbacks/resend`,
    );
    expect(status).toBe(409);
    expect(body.data).toMatchObject({ error: 'no_notify_url' });
    expect(body.data.details).toContain('notify_url');
    await heard.settle();
    expect(heard.outbox).not.toContain(silent.payment_uid);
  });

  it('lists recent outbox rows, filtered by state and limited in number', async () => {
    receiver.answer = 'error';
    const first = await finalOrder();
    await finalOrder();
    await db.query(
      `UPDATE outbox SET state = 'failed' WHERE payment_uid = $1 AND payment_status = 'completed'`,
      [first.payment_uid],
    );

    const failed = await get('/callbacks?state=failed');
    expect(failed.body.data).toEqual([
      expect.objectContaining({
        payment_uid: first.payment_uid,
        state: 'failed',
        merchant_uid: shop.merchantUid,
        merchant_order_id: first.merchant_order_id,
      }),
    ]);
    expect((await get('/callbacks')).body.data).toHaveLength(4);
    expect((await get('/callbacks?limit=2')).body.data).toHaveLength(2);
    expect((await get('/callbacks?state=lost')).status).toBe(400);
  });
});
