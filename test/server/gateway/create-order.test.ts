import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../src/server/app.js';
import { createLogger } from '../../../src/server/log.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { createTestApp, expenseBody, incomeBody, json, sign, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('creating a UPI collection order', () => {
  it('answers the payment object under payment and payterm, with payment_url and the UPI URI', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { amount: '20.5', order_uid: 'client-uuid-1' });
    const response = await t.signed('/gateway/api/order/new', body);
    expect(response.status).toBe(200);
    const { result, data } = await json(response);
    expect(result).toBe('success');
    expect(data.payment).toEqual(data.payterm);
    expect(data.payment.payment_uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.payment_url).toBe(`https://pay.test/checkout/${data.payment.payment_uid}`);
    expect(data.payment).toMatchObject({
      order_uid: 'client-uuid-1',
      to: 'chaipoint@okaxis',
      to_name: 'Chai Point Pvt Ltd',
      payment_status: 'pending',
      payment_fail_reason: '',
      final_amount: '20.50',
      currency: 'INR',
      transaction_type: 'income',
      channel: 'payment_india',
      is_merge: false,
    });
    const tr = data.payment.payment_uid.replaceAll('-', '');
    expect(data.payment.extra).toBe(
      `upi://pay?pa=chaipoint@okaxis&pn=Chai%20Point%20Pvt%20Ltd&am=20.50&cu=INR&tr=${tr}&tn=Order%20${body.merchant_order_id}`,
    );
  });

  it('redirects to payment_url with 302 when response_type is empty or absent', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    delete body.response_type;
    const response = await t.signed('/gateway/api/order/new', body);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^https:\/\/pay\.test\/checkout\/[0-9a-f-]{36}$/);
  });

  it('accepts numbers and booleans, signing them by their string form', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { amount: 20, is_test: true });
    const response = await t.signed('/gateway/api/order/new', body);
    expect(response.status).toBe(200);
    expect((await json(response)).data.payment.final_amount).toBe('20.00');
  });

  it('creates an IMPS collection with the merchant bank account and no UPI URI', async () => {
    const response = await t.signed(
      '/gateway/api/order/new',
      incomeBody(t.merchant.merchant_uid, { payterm: 'IMPS' }),
    );
    const { data } = await json(response);
    expect(data.payment).toMatchObject({
      to: '123456789012',
      to_name: 'Chai Point Pvt Ltd',
      to_bank_name: 'HDFC0001234',
      extra: '',
    });
  });
});

describe('signatures', () => {
  it('accepts a signature over the string that keeps empty values as name=', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { from: '', from_name: '' });
    expect((await t.signed('/gateway/api/order/new', body, { skipEmpty: false })).status).toBe(200);
  });

  it('accepts a signature over the string that drops empty values', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { from: '', from_name: '' });
    expect((await t.signed('/gateway/api/order/new', body, { skipEmpty: true })).status).toBe(200);
  });

  it('signs unknown extra fields too: changing one after signing is refused', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { my_field: 'a' });
    const signature = sign(t.merchant.api_secret, body);
    const response = await t.signed('/gateway/api/order/new', { ...body, my_field: 'b' }, { signature });
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ result: 'error', data: { error: 'unauthorized' } });
  });

  it('answers an unknown key, a revoked key and a bad signature alike, and logs which it was', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, log: createLogger('info', (line) => lines.push(line)) });
    const body = incomeBody(t.merchant.merchant_uid);
    const post = (key: string, signature: string) =>
      app.request('/gateway/api/order/new', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'OC-Key': key, 'OC-Signature': signature },
        body: JSON.stringify(body),
      });
    const revoked = await t.addMerchant({ name: 'Revoked keys' });
    expect(
      (await t.operator('DELETE', `/operator/api/merchants/${revoked.merchant_uid}/keys/${revoked.api_key}`))
        .status,
    ).toBe(200);
    const answers = [
      await post(t.merchant.api_key, sign('not-the-secret', body)),
      await post('ak_nosuchkey0123456789', sign(t.merchant.api_secret, body)),
      await post(revoked.api_key, sign(revoked.api_secret, body)),
    ];
    const seen = await Promise.all(answers.map(async (answer) => [answer.status, (await json(answer)).data]));
    for (const [status, data] of seen) {
      expect(status).toBe(401);
      const { request_id: _id, ...rest } = data as Record<string, string>;
      expect(rest).toEqual({
        error: 'unauthorized',
        details: 'OC-Key, OC-Signature: no active key whose signature matches this body',
      });
    }
    const refusals = lines.filter((line) => line.includes('signed request refused'));
    expect(refusals.map((line) => JSON.parse(line).reason)).toEqual([
      'bad_signature',
      'unknown_key',
      'unknown_key',
    ]);
    expect(refusals[0]).toContain(t.merchant.merchant_uid);
    expect(lines.join('\n')).not.toContain(t.merchant.api_secret);
    expect(lines.join('\n')).not.toContain(t.merchant.api_key);
  });

  it('refuses an unknown OC-Key and a missing one with 401', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    const unknown = await t.signed('/gateway/api/order/new', body, { headers: { 'OC-Key': 'ak_nope' } });
    expect(unknown.status).toBe(401);
    expect((await json(unknown)).data).toMatchObject({ error: 'unauthorized' });
    const missing = await t.app.request('/gateway/api/order/new', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(missing.status).toBe(401);
  });

  it('refuses a key used for another merchant with 403', async () => {
    const other = await t.addMerchant({ name: 'Other' });
    const response = await t.signed('/gateway/api/order/new', incomeBody(t.merchant.merchant_uid), {
      key: other,
    });
    expect(response.status).toBe(403);
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['missing amount', { amount: '' }, 400, 'amount'],
    ['three fraction digits', { amount: '10.001' }, 400, 'amount'],
    ['negative amount', { amount: '-5' }, 400, 'amount'],
    ['zero amount', { amount: '0.00' }, 400, 'amount'],
    ['floating amount text', { amount: '1e3' }, 400, 'amount'],
    ['unknown transaction type', { transaction_type: 'gift' }, 400, 'transaction_type'],
    ['bad merchant_order_id', { merchant_order_id: 'has space' }, 400, 'merchant_order_id'],
    ['too long merchant_order_id', { merchant_order_id: 'x'.repeat(65) }, 400, 'merchant_order_id'],
    ['other currency', { currency: 'usd' }, 400, 'currency'],
    ['unknown payterm', { payterm: 'CARD' }, 400, 'payterm'],
    ['income with pay accounting', { accounting_type: 'pay' }, 400, 'accounting_type'],
    ['relative notify_url', { notify_url: '/notify' }, 400, 'notify_url'],
    ['javascript redirect_url', { redirect_url: 'javascript:alert(1)' }, 400, 'redirect_url'],
    ['unsupported response_type', { response_type: 'xml' }, 400, 'response_type'],
    ['object value', { amount: { value: 1 } }, 400, 'amount'],
    ['null value', { from: null }, 400, 'from'],
    ['array value', { from: ['a'] }, 400, 'from'],
    ['below the UPI minimum', { amount: '0.99' }, 422, 'amount'],
    ['above the UPI maximum', { amount: '100000.01' }, 422, 'amount'],
  ];
  for (const [title, overrides, status, field] of cases) {
    it(`refuses ${title} with ${status} naming ${field}`, async () => {
      const response = await t.signed(
        '/gateway/api/order/new',
        incomeBody(t.merchant.merchant_uid, overrides),
      );
      expect(response.status).toBe(status);
      const body = await json(response);
      expect(body.result).toBe('error');
      expect(body.data.details.startsWith(`${field}:`)).toBe(true);
    });
  }

  it('accepts the IMPS maximum that is above the UPI maximum', async () => {
    const response = await t.signed(
      '/gateway/api/order/new',
      incomeBody(t.merchant.merchant_uid, { payterm: 'IMPS', amount: '500000.00' }),
    );
    expect(response.status).toBe(200);
  });

  const payoutCases: [string, Record<string, unknown>, string][] = [
    ['without to', { to: '' }, 'to'],
    ['with a short account', { to: '1234' }, 'to'],
    ['without to_name', { to_name: '' }, 'to_name'],
    ['with a bad IFSC', { to_bank_name: 'HDFC1234567' }, 'to_bank_name'],
    ['with UPI', { payterm: 'UPI' }, 'payterm'],
    ['with receive accounting', { accounting_type: 'receive' }, 'accounting_type'],
  ];
  for (const [title, overrides, field] of payoutCases) {
    it(`refuses a payout ${title}`, async () => {
      const response = await t.signed(
        '/gateway/api/order/new',
        expenseBody(t.merchant.merchant_uid, overrides),
      );
      expect(response.status).toBe(400);
      expect((await json(response)).data.details.startsWith(`${field}:`)).toBe(true);
    });
  }

  it('requires JSON and refuses bodies over 16 KB', async () => {
    const form = await t.app.request('/gateway/api/order/new', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'a=b',
    });
    expect(form.status).toBe(415);
    const big = await t.signed(
      '/gateway/api/order/new',
      incomeBody(t.merchant.merchant_uid, { pad: 'x'.repeat(17_000) }),
    );
    expect(big.status).toBe(413);
    expect((await json(big)).data.error).toBe('payload_too_large');
  });

  it('refuses a disabled merchant with 403', async () => {
    const other = await t.addMerchant({ name: 'Closed shop' });
    await t.operator('POST', `/operator/api/merchants/${other.merchant_uid}/disable`);
    const response = await t.signed('/gateway/api/order/new', incomeBody(other.merchant_uid), { key: other });
    expect(response.status).toBe(403);
    expect((await json(response)).data.error).toBe('merchant_disabled');
  });
});

describe('duplicate merchant_order_id', () => {
  it('returns the existing order unchanged for the same request again', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    const first = await json(await t.signed('/gateway/api/order/new', body));
    const again = await t.signed('/gateway/api/order/new', body);
    expect(again.status).toBe(200);
    expect((await json(again)).data.payment.payment_uid).toBe(first.data.payment.payment_uid);
  });

  it('answers 409 for a different request with the same merchant_order_id', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    await t.signed('/gateway/api/order/new', body);
    const conflict = await t.signed('/gateway/api/order/new', { ...body, amount: '101.00' });
    expect(conflict.status).toBe(409);
    expect((await json(conflict)).data.error).toBe('duplicate_order');
  });

  it('creates exactly one order from 20 concurrent identical requests', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.signed('/gateway/api/order/new', body)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const uids = new Set(
      await Promise.all(responses.map(async (r) => (await json(r)).data.payment.payment_uid)),
    );
    expect(uids.size).toBe(1);
    const rows = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM orders WHERE merchant_order_id = $1',
      [body.merchant_order_id as string],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
