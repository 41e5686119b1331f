/**
 * Per merchant `callback_statuses` (docs/merchant-api.md, Callbacks): `all` sends every status
 * change, `final` only completed, reject, refund, failed and overdue. Driven through the real
 * routes (operator settings, signed orders, UTR claims, bank credits, the sandbox payout channel)
 * and a real dispatcher delivering to a loopback receiver that checks the signature.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxChannel } from '../../../src/server/channel/sandbox-channel.js';
import { createMetrics } from '../../../src/server/http/metrics.js';
import { advancePayouts } from '../../../src/server/lifecycle/commands/advance-payouts.js';
import { expireDueOrders } from '../../../src/server/lifecycle/commands/expire-orders.js';
import { silentLogger } from '../../../src/server/log.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { createDispatcher, type Dispatcher } from '../../../src/server/notify/dispatcher.js';
import { listOutboxForOrder } from '../../../src/server/notify/outbox-store.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  createPayout,
  credit,
  freshUtr,
  orderRow,
  setStatus,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, type TestApp } from '../support/test-app.js';
import { type CallbackReceiver, startReceiver } from './support/callback-receiver.js';
import { DELIVERY_TIMEOUT_MS } from './support/dispatcher-setup.js';

let t: TestApp;
let receiver: CallbackReceiver;
let dispatcher: Dispatcher;
const secrets = new Map<string, string>();

beforeAll(async () => {
  t = await createLifecycleApp({ ALLOW_PRIVATE_CALLBACKS: 'true' });
  receiver = await startReceiver((apiKey) => secrets.get(apiKey));
  dispatcher = createDispatcher({
    db: t.db,
    clock: t.clock,
    log: silentLogger,
    metrics: createMetrics(),
    config: { allowPrivateCallbacks: true, workerId: 'test', secretKey: t.deps.config.secretKey },
    timeoutMs: DELIVERY_TIMEOUT_MS,
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  receiver.hits.length = 0;
  receiver.answer = 'success';
});

async function merchantWith(callbackStatuses: 'all' | 'final'): Promise<IssuedKey> {
  const key = await t.addMerchant({ name: `Shop ${callbackStatuses}` });
  secrets.set(key.api_key, key.api_secret);
  const response = await t.operator('PATCH', `/operator/api/merchants/${key.merchant_uid}`, {
    callback_statuses: callbackStatuses,
  });
  expect(response.status).toBe(200);
  return key;
}

/** Sends every callback due now; a pass may leave a newer row due, so a few passes. */
async function deliverDue(): Promise<void> {
  for (let pass = 0; pass < 3; pass += 1) await dispatcher.runOnce();
}

/** The statuses the receiver got for one order, in arrival order, each with a valid signature. */
function statusesReceived(paymentUid: string): string[] {
  const hits = receiver.hits.filter((hit) => hit.fields.payment_uid === paymentUid);
  for (const hit of hits) expect(hit.signedKeepingEmpties).toBe(true);
  return hits.map((hit) => hit.fields.payment_status ?? '');
}

async function fundedMerchant(callbackStatuses: 'all' | 'final'): Promise<IssuedKey> {
  const key = await merchantWith(callbackStatuses);
  const uid = await createIncome(t, key, { amount: '500.00', notify_url: '' });
  const utr = freshUtr();
  expect((await claim(t, uid, utr)).status).toBe(200);
  expect((await credit(t, utr, '500.00')).status).toBe(201);
  return key;
}

async function settlePayouts(): Promise<void> {
  const channel = sandboxChannel(30);
  while ((await advancePayouts(t.db, channel, t.clock.now())) > 0) {
    // each pass takes every payout one step further
  }
}

describe('setting callback_statuses', () => {
  it('defaults to all, is set and shown by the operator, audited, and refuses other values', async () => {
    const key = await t.addMerchant({ name: 'Settings shop' });
    const path = `/operator/api/merchants/${key.merchant_uid}`;
    expect((await json(await t.operator('GET', path))).data.callback_statuses).toBe('all');

    const changed = await t.operator('PATCH', path, {
      callback_statuses: 'final',
      note: 'asked by the shop',
    });
    expect(changed.status).toBe(200);
    expect((await json(changed)).data.callback_statuses).toBe('final');
    expect((await json(await t.operator('GET', path))).data.callback_statuses).toBe('final');
    const audit = await json(
      await t.operator(
        'GET',
        `/operator/api/audit?subject=merchant:${key.merchant_uid}&action=merchant.update`,
      ),
    );
    expect(JSON.stringify(audit.data)).toContain('"callback_statuses":"final"');

    for (const value of ['FINAL', 'none', '', 1, null]) {
      const refused = await t.operator('PATCH', path, { callback_statuses: value });
      expect(refused.status, String(value)).toBe(400);
      expect((await json(refused)).data).toMatchObject({
        error: 'invalid_field',
        details: expect.stringContaining('callback_statuses'),
      });
    }
    expect((await json(await t.operator('GET', path))).data.callback_statuses).toBe('final');
  });

  it('can be given when the merchant is created', async () => {
    const created = await t.operator('POST', '/operator/api/merchants', {
      name: 'Final from the start',
      callback_statuses: 'final',
    });
    expect(created.status).toBe(201);
    const uid = (await json(created)).data.merchant_uid as string;
    expect(
      (await json(await t.operator('GET', `/operator/api/merchants/${uid}`))).data.callback_statuses,
    ).toBe('final');
  });
});

describe('a payout going through preparing and processing', () => {
  it('is called back at every change under all', async () => {
    const key = await fundedMerchant('all');
    const uid = await createPayout(t, key, '40.00', { notify_url: receiver.url });
    await settlePayouts();
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
    await deliverDue();
    // preparing was superseded by processing before its turn came: the current state is sent.
    expect(statusesReceived(uid)).toEqual(['processing']);
    t.clock.advance(30_000);
    await settlePayouts();
    await deliverDue();
    expect(statusesReceived(uid)).toEqual(['processing', 'completed']);
  });

  it('is called back only when completed under final, with notify_status none meanwhile', async () => {
    const key = await fundedMerchant('final');
    const uid = await createPayout(t, key, '40.00', { notify_url: receiver.url });
    await settlePayouts();
    await deliverDue();
    expect(statusesReceived(uid)).toEqual([]);
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'processing', notify_status: 'none' });
    const rows = await listOutboxForOrder(t.db, uid);
    expect(rows.map((row) => [row.payment_status, row.state])).toEqual([
      ['preparing', 'superseded'],
      ['processing', 'skipped'],
    ]);

    t.clock.advance(30_000);
    await settlePayouts();
    await deliverDue();
    expect(statusesReceived(uid)).toEqual(['completed']);
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'completed', notify_status: 'completed' });
  });

  it('is called back with reject and failed under final', async () => {
    const key = await fundedMerchant('final');
    const rejected = await createPayout(t, key, '10.00', { notify_url: receiver.url, to_name: 'REJECT me' });
    const failed = await createPayout(t, key, '10.00', { notify_url: receiver.url, to_name: 'FAIL me' });
    await settlePayouts();
    t.clock.advance(30_000);
    await settlePayouts();
    await deliverDue();
    expect(statusesReceived(rejected)).toEqual(['reject']);
    expect(statusesReceived(failed)).toEqual(['failed']);
  });
});

describe('a collection under final', () => {
  it('is not called back when the payer gives a UTR, and is once the credit completes it', async () => {
    const key = await merchantWith('final');
    const uid = await createIncome(t, key, { notify_url: receiver.url, amount: '100.00' });
    const utr = freshUtr();
    expect((await claim(t, uid, utr)).status).toBe(200);
    await deliverDue();
    expect(statusesReceived(uid)).toEqual([]);
    expect((await credit(t, utr, '100.00')).status).toBe(201);
    await deliverDue();
    expect(statusesReceived(uid)).toEqual(['completed']);
  });

  it('is called back with failed, not with the processing of a late UTR, then with completed', async () => {
    const key = await merchantWith('final');
    const uid = await createIncome(t, key, { notify_url: receiver.url, amount: '100.00' });
    expect((await claim(t, uid, freshUtr())).status).toBe(200);
    expect((await setStatus(t, uid, 'failed', 'no payment arrived')).status).toBe(200);
    // The merchant's endpoint is down: the failed callback waits for its retry.
    receiver.answer = 'error';
    await deliverDue();
    expect(statusesReceived(uid)).toEqual(['failed']);

    // An operator reopens the order (only an operator may, once one failed it) and the payer's late
    // UTR comes before the retry: neither the failed row (stale) nor processing (not a final
    // status) is sent.
    receiver.answer = 'success';
    const late = freshUtr();
    expect((await setStatus(t, uid, 'processing', 'the payer sent proof of payment')).status).toBe(200);
    expect((await claim(t, uid, late)).status).toBe(200);
    t.clock.advance(60_000);
    await deliverDue();
    expect(statusesReceived(uid)).toEqual(['failed']);
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'processing', notify_status: 'none' });

    expect((await credit(t, late, '100.00')).status).toBe(201);
    await deliverDue();
    expect(statusesReceived(uid)).toEqual(['failed', 'completed']);
  });

  it('is called back when it expires unpaid (overdue)', async () => {
    const key = await merchantWith('final');
    const uid = await createIncome(t, key, { notify_url: receiver.url, amount: '100.00' });
    t.clock.advance(16 * 60_000);
    expect(await expireDueOrders(t.db, t.clock.now())).toBeGreaterThan(0);
    await deliverDue();
    expect(statusesReceived(uid)).toEqual(['overdue']);
  });
});
