/**
 * The RazorpayX adapter against a local server written from RazorpayX's documentation
 * (support/razorpayx-fake.ts): create with the idempotency key, statuses, signed webhooks,
 * polling, a lost answer retried, a webhook ahead of the create answer, duplicates and a reversal
 * after success. Money is checked in the ledger: never paid out twice, a reversal returned once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { advancePayouts } from '../../../src/server/lifecycle/commands/advance-payouts.js';
import { silentLogger } from '../../../src/server/log.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { razorpayxChannel } from '../../../src/server/payouts/razorpayx/razorpayx-channel.js';
import { razorpayxClient } from '../../../src/server/payouts/razorpayx/razorpayx-client.js';
import { payoutChannels } from '../../../src/server/service.js';
import {
  balance,
  count,
  createPayout,
  fund,
  orderRow,
  requestPayout,
} from '../lifecycle/support/lifecycle-fixture.js';
import { createTestApp, json, PRODUCTION_SECRET_KEY, type TestApp } from '../support/test-app.js';
import {
  FAKE_ACCOUNT,
  FAKE_KEY_ID,
  FAKE_KEY_SECRET,
  FAKE_WEBHOOK_SECRET,
  type RazorpayxFake,
  startRazorpayxFake,
} from './support/razorpayx-fake.js';

let t: TestApp;
let fake: RazorpayxFake;

beforeAll(async () => {
  fake = await startRazorpayxFake(() => t.clock.now());
  t = await createTestApp({
    env: {
      ALLOW_PRIVATE_CALLBACKS: 'true',
      RAZORPAYX_KEY_ID: FAKE_KEY_ID,
      RAZORPAYX_KEY_SECRET: FAKE_KEY_SECRET,
      RAZORPAYX_ACCOUNT_NUMBER: FAKE_ACCOUNT,
      RAZORPAYX_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      RAZORPAYX_API_URL: fake.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const channels = () => payoutChannels(t.deps.config, t.db, silentLogger);
const step = () => advancePayouts(t.db, channels(), t.clock.now());

async function razorpayxMerchant(funds = '1000.00'): Promise<IssuedKey> {
  const key = await t.addMerchant({ name: 'Rummy Circle' });
  await fund(t, key, funds);
  const set = await t.operator('PATCH', `/operator/api/merchants/${key.merchant_uid}`, {
    payout_channel: 'razorpayx',
  });
  expect(set.status).toBe(200);
  expect((await json(set)).data.payout_channel).toBe('razorpayx');
  return key;
}

async function deliver(delivery: { body: string; headers: Record<string, string> }) {
  return t.app.request('/payouts/razorpayx/webhook', {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
}

async function paidOut(uid: string): Promise<number> {
  return count(t, `ledger_postings WHERE payment_uid = $1 AND event = 'paid_out'`, [uid]);
}

async function query(key: IssuedKey, uid: string) {
  const order = await orderRow(t, uid);
  const response = await t.signed(
    '/gateway/api/order/get',
    { merchant_order_id: order.merchant_order_id },
    { key },
  );
  return (await json(response)).data;
}

describe('a payout through RazorpayX', () => {
  it('is created once with our payment_uid as the idempotency key, then completed by the signed webhook with its UTR', async () => {
    const key = await razorpayxMerchant();
    const uid = await createPayout(t, key, '250.75', {
      to_name: 'Asha Verma',
      to: '000123456789',
      to_bank_name: 'ICIC0000104',
    });
    expect(await step()).toBeGreaterThan(0);

    const created = fake.creates.filter((c) => c.key === uid);
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({
      account_number: FAKE_ACCOUNT,
      amount: 25075,
      currency: 'INR',
      mode: 'IMPS',
      reference_id: uid,
      fund_account: {
        account_type: 'bank_account',
        bank_account: { name: 'Asha Verma', ifsc: 'ICIC0000104', account_number: '000123456789' },
      },
    });
    expect((await orderRow(t, uid)).payment_status).toBe('processing');

    const payout = fake.byReference(uid);
    fake.setStatus(payout.id, 'processed', { utr: '632512345678' });
    const answer = await deliver(fake.webhook(payout.id, 'payout.processed'));
    expect(answer.status).toBe(200);
    expect((await json(answer)).data).toMatchObject({
      outcome: 'applied',
      payment_uid: uid,
      payment_status: 'completed',
    });
    expect(await orderRow(t, uid)).toMatchObject({
      payment_status: 'completed',
      matched_utr: '632512345678',
    });
    expect(await query(key, uid)).toMatchObject({
      payment_status: 'completed',
      serial_number: '632512345678',
      reversed_at: '',
    });
    expect(await paidOut(uid)).toBe(1);
    expect(await balance(t, key)).toEqual({ available: 100000 - 25075, held: 0 });
  });

  it('fails and releases the hold when RazorpayX reports the payout failed', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '40.00');
    await step();
    const payout = fake.byReference(uid);
    fake.setStatus(payout.id, 'failed', { description: 'Beneficiary account is closed' });
    expect((await json(await deliver(fake.webhook(payout.id, 'payout.failed')))).data.outcome).toBe(
      'applied',
    );
    const order = await orderRow(t, uid);
    expect(order.payment_status).toBe('failed');
    expect(order.payment_fail_reason).toContain('Beneficiary account is closed');
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
    expect(await paidOut(uid)).toBe(0);
  });

  it('retries a create whose answer never came with the same key, and RazorpayX answers the same payout', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '10.00');
    fake.nextCreate('drop');
    const impatient = razorpayxChannel({
      db: t.db,
      log: silentLogger,
      client: razorpayxClient(t.deps.config.razorpayx ?? fail(), { allowPrivate: true, timeoutMs: 300 }),
    });
    expect(
      await advancePayouts(t.db, { byName: { razorpayx: impatient }, fallback: undefined }, t.clock.now()),
    ).toBe(0);
    expect((await orderRow(t, uid)).payment_status).toBe('pending');
    expect(fake.payouts.size).toBeGreaterThan(0);

    await step();
    const attempts = fake.creates.filter((c) => c.key === uid);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.body).toEqual(attempts[0]?.body);
    expect([...fake.payouts.values()].filter((p) => p.reference_id === uid)).toHaveLength(1);
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
  });

  it('takes a webhook that comes before the answer to the create, and applies the late answer only if still ahead', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '20.00');
    fake.nextCreate('hold');
    const pass = step();
    await fake.createArrived();
    const payout = fake.byReference(uid);
    fake.setStatus(payout.id, 'processed', { utr: '632599990001' });
    const early = await deliver(fake.webhook(payout.id, 'payout.processed'));
    expect((await json(early)).data).toMatchObject({ outcome: 'applied', payment_status: 'completed' });
    fake.release();
    await pass;
    expect(await orderRow(t, uid)).toMatchObject({
      payment_status: 'completed',
      matched_utr: '632599990001',
    });
    expect(await paidOut(uid)).toBe(1);
    expect(await balance(t, key)).toEqual({ available: 8000, held: 0 });
  });

  it('takes a duplicate delivery once and a repeated status as nothing new: paid out once', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '30.00');
    await step();
    const payout = fake.byReference(uid);
    fake.setStatus(payout.id, 'processed', { utr: '632599990002' });
    const delivery = fake.webhook(payout.id, 'payout.processed', { eventId: 'evt_DUPLICATE0001' });
    expect((await json(await deliver(delivery))).data.outcome).toBe('applied');
    const callbacks = await count(t, 'outbox WHERE payment_uid = $1', [uid]);
    expect((await json(await deliver(delivery))).data.outcome).toBe('duplicate');
    expect((await json(await deliver(fake.webhook(payout.id, 'payout.processed')))).data.outcome).toBe(
      'unchanged',
    );
    expect((await json(await deliver(fake.webhook(payout.id, 'payout.initiated')))).data.outcome).toBe(
      'unchanged',
    );
    expect(await count(t, 'outbox WHERE payment_uid = $1', [uid])).toBe(callbacks);
    expect(await paidOut(uid)).toBe(1);
    expect(await balance(t, key)).toEqual({ available: 7000, held: 0 });
  });

  it('polls a payout whose webhook never came, at most once a minute', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '15.00');
    await step();
    const payout = fake.byReference(uid);
    fake.setStatus(payout.id, 'processed', { utr: '632599990003' });
    await step();
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
    t.clock.advance(61_000);
    await step();
    expect(await orderRow(t, uid)).toMatchObject({
      payment_status: 'completed',
      matched_utr: '632599990003',
    });
  });

  it('fails a payout RazorpayX refuses outright, releasing the hold', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '12.00');
    fake.nextCreate({ reject: 'Invalid IFSC Code in Bank Account' });
    await step();
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'failed' });
    expect((await orderRow(t, uid)).payment_fail_reason).toContain('Invalid IFSC Code');
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });
});

describe('a reversal after success', () => {
  it('keeps the payout completed, returns the amount to the available balance once and calls the merchant back', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '60.00');
    await step();
    const payout = fake.byReference(uid);
    fake.setStatus(payout.id, 'processed', { utr: '632599990004' });
    await deliver(fake.webhook(payout.id, 'payout.processed'));
    expect(await balance(t, key)).toEqual({ available: 4000, held: 0 });
    const before = await orderRow(t, uid);

    t.clock.advance(3 * 86_400_000);
    fake.setStatus(payout.id, 'reversed', { description: 'Beneficiary bank returned the credit' });
    const answer = await deliver(fake.webhook(payout.id, 'payout.reversed'));
    expect((await json(answer)).data).toMatchObject({ outcome: 'reversed', payment_status: 'completed' });
    const after = await orderRow(t, uid);
    expect(after).toMatchObject({ payment_status: 'completed', matched_utr: '632599990004' });
    expect(after.reversed_at).toEqual(t.clock.now());
    expect(after.reversal_reason).toContain('Beneficiary bank returned the credit');
    expect(after.status_seq).toBe(before.status_seq + 1);
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
    expect(await count(t, `ledger_postings WHERE payment_uid = $1 AND event = 'reversed'`, [uid])).toBe(1);
    expect(await query(key, uid)).toMatchObject({
      payment_status: 'completed',
      reversal_reason: after.reversal_reason,
    });
    const [callback] = await t.db.query(
      'SELECT status_seq, payment_status FROM outbox WHERE payment_uid = $1 ORDER BY id DESC LIMIT 1',
      [uid],
    );
    expect(callback).toEqual({ status_seq: after.status_seq, payment_status: 'completed' });

    // Told again (another delivery id): nothing more comes back.
    expect((await json(await deliver(fake.webhook(payout.id, 'payout.reversed')))).data.outcome).toBe(
      'unchanged',
    );
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
    expect(await paidOut(uid)).toBe(1);
  });
});

describe('the webhook endpoint', () => {
  it('refuses a delivery whose signature does not match, in the error shape', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '11.00');
    await step();
    const payout = fake.byReference(uid);
    fake.setStatus(payout.id, 'processed', { utr: '632599990005' });
    const delivery = fake.webhook(payout.id, 'payout.processed');
    const forged = await deliver({
      ...delivery,
      headers: { ...delivery.headers, 'x-razorpay-signature': 'f'.repeat(64) },
    });
    expect(forged.status).toBe(401);
    expect((await json(forged)).data.error).toBe('bad_signature');
    const tampered = await deliver({
      ...delivery,
      body: delivery.body.replace('"amount":1100', '"amount":1'),
    });
    expect(tampered.status).toBe(401);
    const { 'x-razorpay-signature': _, ...unsigned } = delivery.headers;
    expect((await deliver({ ...delivery, headers: unsigned })).status).toBe(401);
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
  });

  it('refuses a replay of an old event, even correctly signed', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '13.00');
    await step();
    const payout = fake.byReference(uid);
    fake.setStatus(payout.id, 'failed', { description: 'old news' });
    const old = fake.webhook(payout.id, 'payout.failed', {
      createdAt: new Date(t.clock.now().getTime() - 3 * 86_400_000),
    });
    const answer = await deliver(old);
    expect(answer.status).toBe(400);
    expect((await json(answer)).data.details).toContain('created_at');
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
  });

  it('answers a delivery about a payout that is not ours without changing anything', async () => {
    const key = await razorpayxMerchant('100.00');
    const uid = await createPayout(t, key, '14.00');
    await step();
    const payout = fake.byReference(uid);
    const stranger = { ...payout, id: 'pout_ZZZZZZZZZZZZZZ', reference_id: 'not-ours' };
    fake.payouts.set(stranger.id, stranger);
    expect((await json(await deliver(fake.webhook(stranger.id, 'payout.processed')))).data.outcome).toBe(
      'unknown_payout',
    );
  });
});

describe('a flood of webhook deliveries', () => {
  it('is refused per client address with 429 and Retry-After, before any signature is checked', async () => {
    const app = createApp(t.deps, { webhookLimit: { burst: 2, perSecond: 0.01 } });
    const send = () =>
      app.request('/payouts/razorpayx/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64) },
        body: '{}',
      });
    expect((await send()).status).toBe(401);
    expect((await send()).status).toBe(401);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await json(limited)).data.error).toBe('rate_limited');
  });
});

describe('choosing RazorpayX', () => {
  it('is refused for a merchant when the service has no RazorpayX credentials', async () => {
    const bare = await createTestApp();
    try {
      const set = await bare.operator('PATCH', `/operator/api/merchants/${bare.merchant.merchant_uid}`, {
        payout_channel: 'razorpayx',
      });
      expect(set.status).toBe(400);
      expect((await json(set)).data.details).toMatch(/^payout_channel: /);
    } finally {
      await bare.close();
    }
  });

  it('refuses a payout in production for a merchant with no channel, with the reason', async () => {
    const production = await createTestApp({
      // Funded by one operator's credit: dual control has tests of its own.
      env: {
        MODE: 'production',
        SECRET_KEY: PRODUCTION_SECRET_KEY,
        PUBLIC_BASE_URL: 'https://pay.example',
        DUAL_CONTROL: 'off',
      },
    });
    try {
      await fund(production, production.merchant, '100.00');
      const refused = await requestPayout(production, production.merchant, '10.00');
      expect(refused.status).toBe(422);
      expect((await json(refused)).data).toMatchObject({ error: 'payouts_unavailable' });
      expect(await balance(production, production.merchant)).toEqual({ available: 10000, held: 0 });
    } finally {
      await production.close();
    }
  });
});

function fail(): never {
  throw new Error('RazorpayX is not configured in this test');
}
