import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerOrderSchema } from '../../../src/shared/payer-order.js';
import { createTestApp, incomeBody, json, PRODUCTION_SECRET_KEY, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function createOrder(overrides: Record<string, unknown> = {}) {
  const body = incomeBody(t.merchant.merchant_uid, { from_name: 'member-42', ...overrides });
  const { data } = await json(
    await t.signed('/gateway/api/order/new', body, { headers: { 'User-Agent': 'secret-agent/7' } }),
  );
  return data.payment.payment_uid as string;
}

describe('the payer view', () => {
  it('carries what the page needs and matches the shared schema', async () => {
    const uid = await createOrder({ amount: '1500' });
    const response = await t.app.request(`/checkout/api/orders/${uid}`);
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(PayerOrderSchema.safeParse(data).success).toBe(true);
    expect(data).toMatchObject({
      payment_uid: uid,
      merchant: { name: 'Chai Point', brand_color: null },
      transaction_type: 'income',
      payterm: 'UPI',
      amount: '1500.00',
      currency: 'INR',
      payment_status: 'pending',
      collection: { kind: 'upi', vpa: 'chaipoint@okaxis', payee_name: 'Chai Point Pvt Ltd' },
      redirect_url: 'https://shop.example/return',
      utr: null,
      utr_attempts_left: 5,
      sandbox: true,
    });
    expect(data.extra).toMatch(/^upi:\/\/pay\?pa=chaipoint@okaxis&/);
    expect(Date.parse(data.expires_at) - Date.parse(data.created_at)).toBe(15 * 60 * 1000);
  });

  it('answers the view in the success envelope, with server_time last, exactly as the view would serialise', async () => {
    const uid = await createOrder();
    const text = await (await t.app.request(`/checkout/api/orders/${uid}`)).text();
    const answer = JSON.parse(text);
    expect(answer.result).toBe('success');
    expect(Object.keys(answer.data).at(-1)).toBe('server_time');
    expect(answer.data.server_time).toBe(t.clock.now().toISOString());
    // The bytes written once per version plus the time are those of serialising the whole answer.
    expect(text).toBe(JSON.stringify({ result: 'success', data: answer.data }));
  });

  it('never exposes notify_url, keys, IP addresses, user agents or payer identity', async () => {
    const uid = await createOrder();
    const text = await (await t.app.request(`/checkout/api/orders/${uid}`)).text();
    for (const secret of [
      'shop.example/notify',
      t.merchant.api_key,
      t.merchant.api_secret,
      'secret-agent',
      'member-42',
      'local',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const field of ['notify_url', 'signature_key', 'ip', 'user_agent', 'from_name', 'request_digest']) {
      expect(JSON.parse(text).data).not.toHaveProperty(field);
    }
  });

  it('answers 304 to If-None-Match while nothing changed, and a new ETag after a change', async () => {
    const uid = await createOrder();
    const first = await t.app.request(`/checkout/api/orders/${uid}`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    t.clock.advance(2000);
    const same = await t.app.request(`/checkout/api/orders/${uid}`, {
      headers: { 'If-None-Match': etag as string },
    });
    expect(same.status).toBe(304);
    await t.app.request('/Payments/india_match', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `payment_uid=${uid}&serial_number=612345678901`,
    });
    // The poll answers from memory, current once the store's notification of the change arrived.
    await t.heard.settle();
    const changed = await t.app.request(`/checkout/api/orders/${uid}`, {
      headers: { 'If-None-Match': etag as string },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await json(changed)).data).toMatchObject({
      payment_status: 'processing',
      utr: '612345678901',
      utr_attempts_left: 4,
    });
  });

  it('shows IMPS bank details for an IMPS collection and no QR content', async () => {
    const uid = await createOrder({ payterm: 'IMPS' });
    const { data } = await json(await t.app.request(`/checkout/api/orders/${uid}`));
    expect(data.extra).toBeNull();
    expect(data.collection).toEqual({
      kind: 'imps',
      account: '123456789012',
      account_name: 'Chai Point Pvt Ltd',
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
    });
  });

  it('answers 404 in the error shape for an unknown or malformed payment_uid', async () => {
    for (const uid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "x'; drop table orders;--"]) {
      const response = await t.app.request(`/checkout/api/orders/${encodeURIComponent(uid)}`);
      expect(response.status).toBe(404);
      expect((await json(response)).result).toBe('error');
    }
  });

  it('simulates a payment in sandbox mode with a fresh UTR for the order amount', async () => {
    const uid = await createOrder({ amount: '42.00' });
    const response = await t.app.request(`/checkout/api/orders/${uid}/simulate`, { method: 'POST' });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.amount).toBe('42.00');
    expect(data.serial_number).toMatch(/^\d{12}$/);
    const match = await t.app.request('/Payments/india_match', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ payment_uid: uid, serial_number: data.serial_number }),
    });
    expect((await json(match)).data.payment_status).toBe('completed');
  });
});

describe('limits on the unsigned endpoints', () => {
  it('answers 429 with Retry-After once a client exceeds the UTR limit', async () => {
    const limited = await createTestApp({
      app: {
        payerLimits: {
          poll: { burst: 100, perSecond: 10 },
          match: { burst: 2, perSecond: 0.1 },
          simulate: { burst: 1, perSecond: 0.1 },
          streams: { perOrder: 4, perClient: 16 },
        },
      },
    });
    try {
      const post = () =>
        limited.app.request('/Payments/india_match', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            payment_uid: '00000000-0000-4000-8000-000000000000',
            serial_number: '612345678901',
          }),
        });
      expect((await post()).status).toBe(404);
      expect((await post()).status).toBe(404);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await json(refused)).data.error).toBe('rate_limited');
      limited.clock.advance(20_000);
      expect((await post()).status).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('offers no simulation in production mode', async () => {
    const production = await createTestApp({
      env: { MODE: 'production', SECRET_KEY: PRODUCTION_SECRET_KEY },
    });
    try {
      const body = incomeBody(production.merchant.merchant_uid);
      const { data } = await json(await production.signed('/gateway/api/order/new', body));
      const response = await production.app.request(
        `/checkout/api/orders/${data.payment.payment_uid}/simulate`,
        { method: 'POST' },
      );
      expect(response.status).toBe(404);
      const view = await json(
        await production.app.request(`/checkout/api/orders/${data.payment.payment_uid}`),
      );
      expect(view.data.sandbox).toBe(false);
    } finally {
      await production.close();
    }
  });
});
