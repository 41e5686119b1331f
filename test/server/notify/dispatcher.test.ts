import { describe, expect, it } from 'vitest';
import { listAttemptsForOrder } from '../../../src/server/notify/callback-attempt-store.js';
import { attemptCallback } from '../../../src/server/notify/commands/attempt-callback.js';
import { deliverCallback } from '../../../src/server/notify/deliver-callback.js';
import type { OutboxRow } from '../../../src/server/notify/outbox.js';
import { claimDue, listOutboxForOrder } from '../../../src/server/notify/outbox-store.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../../src/server/notify/retry-schedule.js';
import { moveOrder, TEST_SECRET_KEY } from './support/callback-fixture.js';
import {
  dispatcherConfig as config,
  DELIVERY_TIMEOUT_MS,
  useDispatcherContext,
} from './support/dispatcher-setup.js';

describe('the callback dispatcher', () => {
  const t = useDispatcherContext();

  it('sends the flat body signed with the secret of the key that created the order', async () => {
    const order = await t.orderNotified();
    expect(await t.dispatcher().runOnce()).toBe(1);

    expect(t.receiver.hits).toHaveLength(1);
    const [hit] = t.receiver.hits;
    expect(hit?.headers['oc-key']).toBe(t.shop.apiKey);
    expect(hit?.headers['content-type']).toBe('application/json');
    expect(hit?.signedKeepingEmpties).toBe(true);
    expect(hit?.signedSkippingEmpties).toBe(true);
    expect(hit?.fields).toMatchObject({
      merchant_order_id: order.merchant_order_id,
      payment_uid: order.payment_uid,
      payment_status: 'processing',
      amount: '250.00',
      currency: 'INR',
    });
    expect(Object.values(hit?.fields ?? {}).every((value) => typeof value === 'string' && value !== '')).toBe(
      true,
    );
    expect(hit?.raw).not.toContain('user_agent');
  });

  it('marks the order notified when the merchant answers SUCCESS, and logs the attempt', async () => {
    const order = await t.orderNotified();
    expect((await t.reread(order.payment_uid)).notify_status).toBe('delivered');
    await t.dispatcher().runOnce();

    expect(await t.reread(order.payment_uid)).toMatchObject({
      notify_status: 'completed',
      notify_fail_reason: '',
    });
    const [row] = await listOutboxForOrder(t.db, order.payment_uid);
    expect(row).toMatchObject({ state: 'done', attempts: 1, locked_by: null, last_error: '' });
    const attempts = await listAttemptsForOrder(t.db, order.payment_uid);
    expect(attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        payment_status: 'processing',
        http_status: 200,
        response_snippet: 'SUCCESS',
        error: '',
        started_at: t.clock.now(),
        worker: expect.stringMatching(/^test:/),
      }),
    ]);
  });

  it('retries on the schedule, about 16 attempts over about 24 hours, then gives up', async () => {
    t.receiver.answer = 'error';
    const order = await t.orderNotified();
    const worker = t.dispatcher();
    const start = t.clock.now().getTime();

    expect(await worker.runOnce()).toBe(1);
    for (const delay of RETRY_DELAYS_MS) {
      expect(await t.reread(order.payment_uid)).toMatchObject({
        notify_status: 'delivered',
        notify_fail_reason: 'HTTP 500',
      });
      t.clock.advance(delay - 1);
      expect(await worker.runOnce()).toBe(0);
      t.clock.advance(1);
      expect(await worker.runOnce()).toBe(1);
    }
    t.clock.advance(48 * 3600_000);
    expect(await worker.runOnce()).toBe(0);

    expect(t.receiver.hits).toHaveLength(MAX_ATTEMPTS);
    expect(MAX_ATTEMPTS).toBe(16);
    const hours = (t.clock.now().getTime() - 48 * 3600_000 - start) / 3600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(25);
    expect(await t.reread(order.payment_uid)).toMatchObject({
      notify_status: 'failed',
      notify_fail_reason: 'HTTP 500',
    });
    const [row] = await listOutboxForOrder(t.db, order.payment_uid);
    expect(row).toMatchObject({ state: 'failed', attempts: 16, last_error: 'HTTP 500' });
    const attempts = await listAttemptsForOrder(t.db, order.payment_uid);
    expect(attempts.map((attempt) => attempt.attempt)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('completes the notification when a failing merchant recovers mid-schedule', async () => {
    t.receiver.answer = 'error';
    const order = await t.orderNotified();
    const worker = t.dispatcher();
    await worker.runOnce();
    t.clock.advance(RETRY_DELAYS_MS[0] ?? 0);
    t.receiver.answer = 'silent';
    // A receiver that never answers: only this attempt has a short timeout.
    await t.dispatcher({ timeoutMs: 300 }).runOnce();
    expect(await t.reread(order.payment_uid)).toMatchObject({
      notify_status: 'delivered',
      notify_fail_reason: 'timeout after 300 ms',
    });
    t.clock.advance(RETRY_DELAYS_MS[1] ?? 0);
    t.receiver.answer = 'success';
    await worker.runOnce();

    expect(await t.reread(order.payment_uid)).toMatchObject({
      notify_status: 'completed',
      notify_fail_reason: '',
    });
    const attempts = await listAttemptsForOrder(t.db, order.payment_uid);
    expect(attempts.map((attempt) => [attempt.http_status, attempt.error])).toEqual([
      [500, 'HTTP 500'],
      [null, 'timeout after 300 ms'],
      [200, ''],
    ]);
  });

  it('treats a redirect as a failed attempt and does not follow it', async () => {
    t.receiver.answer = 'redirect';
    const order = await t.orderNotified();
    await t.dispatcher().runOnce();
    expect(t.receiver.hits).toHaveLength(1);
    expect(await t.reread(order.payment_uid)).toMatchObject({
      notify_status: 'delivered',
      notify_fail_reason: 'redirect 302 not followed',
    });
  });

  it('sends only the newest state when a row is still waiting and the order moves on', async () => {
    t.receiver.answer = 'error';
    const order = await t.orderNotified();
    const worker = t.dispatcher();
    await worker.runOnce();
    await moveOrder(t.db, order.payment_uid, 'completed', t.clock.now());
    t.receiver.answer = 'success';
    t.clock.advance(RETRY_DELAYS_MS[0] ?? 0);

    expect(await worker.runOnce()).toBe(1);
    expect(t.receiver.hits.map((hit) => hit.fields.payment_status)).toEqual(['processing', 'completed']);
    const rows = await listOutboxForOrder(t.db, order.payment_uid);
    expect(rows.map((row) => [row.payment_status, row.state])).toEqual([
      ['processing', 'superseded'],
      ['completed', 'done'],
    ]);
    expect(await t.reread(order.payment_uid)).toMatchObject({ notify_status: 'completed' });
  });

  it('supersedes a leased row whose order changed before its attempt, sending nothing for it', async () => {
    const order = await t.orderNotified();
    const now = t.clock.now();
    const [claimed] = await t.db.transaction((tx) =>
      claimDue(tx, 'w1', now, new Date(now.getTime() + 60_000), 1),
    );
    await moveOrder(t.db, order.payment_uid, 'completed', t.clock.now());
    const result = await attemptCallback(
      {
        db: t.db,
        clock: t.clock,
        secretKey: TEST_SECRET_KEY,
        worker: 'w1',
        deliver: deliverCallback,
        delivery: { allowPrivate: true, timeoutMs: DELIVERY_TIMEOUT_MS },
        retryDelays: RETRY_DELAYS_MS,
      },
      claimed as OutboxRow,
    );
    expect(result).toBe('superseded');
    expect(t.receiver.hits).toHaveLength(0);
  });

  it('re-reads the order before each attempt and sends its current state', async () => {
    t.receiver.answer = 'error';
    const order = await t.orderNotified();
    const worker = t.dispatcher();
    await worker.runOnce();
    // A change that writes no outbox row of its own (as if made before callbacks were enabled).
    await t.db.query(`UPDATE orders SET payment_fail_reason = 'bank timeout' WHERE payment_uid = $1`, [
      order.payment_uid,
    ]);
    t.clock.advance(RETRY_DELAYS_MS[0] ?? 0);
    await worker.runOnce();
    expect(t.receiver.hits[0]?.fields.payment_fail_reason).toBeUndefined();
    expect(t.receiver.hits[1]?.fields.payment_fail_reason).toBe('bank timeout');
  });

  it('refuses a private notify_url when private addresses are not allowed, and logs why', async () => {
    const order = await t.orderNotified();
    await t.dispatcher({ config: { ...config, allowPrivateCallbacks: false } }).runOnce();
    expect(t.receiver.hits).toHaveLength(0);
    const [attempt] = await listAttemptsForOrder(t.db, order.payment_uid);
    expect(attempt?.error).toContain('refused address 127.0.0.1 (loopback)');
  });
});
