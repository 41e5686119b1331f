/**
 * Merchants that answer callbacks with JSON (`{"status":"success","message":"OK"}`) are
 * acknowledged on the first attempt (docs/merchant-api.md, Callbacks); a JSON failure is retried.
 */
import { describe, expect, it } from 'vitest';
import { listAttemptsForOrder } from '../../../src/server/notify/callback-attempt-store.js';
import { listOutboxForOrder } from '../../../src/server/notify/outbox-store.js';
import { useDispatcherContext } from './support/dispatcher-setup.js';

describe('acknowledging a callback with JSON', () => {
  const t = useDispatcherContext();

  it('completes the callback on a JSON success, without a retry', async () => {
    t.receiver.answer = { status: 200, body: '{"status":"success","message":"OK"}' };
    const order = await t.orderNotified();
    const worker = t.dispatcher();
    await worker.runOnce();
    expect(await t.reread(order.payment_uid)).toMatchObject({
      notify_status: 'completed',
      notify_fail_reason: '',
    });
    const [row] = await listOutboxForOrder(t.db, order.payment_uid);
    expect(row).toMatchObject({ state: 'done', attempts: 1 });
    t.clock.advance(24 * 3600_000);
    await worker.runOnce();
    expect(t.receiver.hits).toHaveLength(1);
  });

  it('retries after a JSON answer that is not a success', async () => {
    t.receiver.answer = { status: 200, body: '{"status":"fail","message":"unknown order"}' };
    const order = await t.orderNotified();
    const worker = t.dispatcher();
    await worker.runOnce();
    expect(await t.reread(order.payment_uid)).toMatchObject({
      notify_status: 'delivered',
      notify_fail_reason: 'answer was not SUCCESS or a JSON success',
    });
    t.receiver.answer = { status: 200, body: '{"result":"OK"}' };
    t.clock.advance(15_000);
    await worker.runOnce();
    expect(await t.reread(order.payment_uid)).toMatchObject({ notify_status: 'completed' });
    const attempts = await listAttemptsForOrder(t.db, order.payment_uid);
    expect(attempts.map((attempt) => attempt.response_snippet)).toEqual([
      '{"status":"fail","message":"unknown order"}',
      '{"result":"OK"}',
    ]);
  });
});
