import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, incomeBody, json, sign, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('querying an order', () => {
  it('answers every field of the query answer in docs/merchant-api.md for the merchant’s own order', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { from_name: 'member-42', merchant_id: 'player-9' });
    const created = (
      await json(
        await t.signed('/gateway/api/order/new', body, { headers: { 'User-Agent': 'shop-client/1.0' } }),
      )
    ).data;
    const response = await t.signed('/gateway/api/order/get', { merchant_order_id: body.merchant_order_id });
    expect(response.status).toBe(200);
    const { result, data } = await json(response);
    expect(result).toBe('success');
    for (const field of [
      'from',
      'from_name',
      'from_bank_name',
      'to',
      'to_name',
      'to_bank_name',
      'amount',
      'final_amount',
      'currency',
      'country',
      'transaction_type',
      'accounting_type',
      'merchant_order_id',
      'merchant_uid',
      'merchant_name',
      'channel',
      'payment_status',
      'payment_fail_reason',
      'payment',
      'response_type',
      'ip',
      'user_agent',
      'distribute_rules',
      'payment_uid',
      'redirect_url',
      'notify_url',
      'notify_status',
      'notify_fail_reason',
      'accounting_status',
      'accounting_fail_reason',
      'signature_key',
    ]) {
      expect(data, field).toHaveProperty(field);
    }
    expect(data).toMatchObject({
      payment_uid: created.payment.payment_uid,
      amount: '100.00',
      currency: 'INR',
      merchant_name: 'Chai Point',
      from_name: 'member-42',
      from_bank_name: 'UPI',
      payment_status: 'pending',
      notify_status: 'none',
      accounting_status: 'none',
      accounting_type: 'receive',
      user_agent: 'shop-client/1.0',
      signature_key: t.merchant.api_key,
    });
    expect(data.signature_key).not.toBe(t.merchant.api_secret);
  });

  it('answers 404 for another merchant’s order and for an unknown id', async () => {
    const body = incomeBody(t.merchant.merchant_uid);
    await t.signed('/gateway/api/order/new', body);
    const other = await t.addMerchant({ name: 'Other' });
    const foreign = await t.signed(
      '/gateway/api/order/get',
      { merchant_order_id: body.merchant_order_id },
      { key: other },
    );
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).data.error).toBe('not_found');
    expect((await t.signed('/gateway/api/order/get', { merchant_order_id: 'nope' })).status).toBe(404);
  });

  it('refuses a query signed with the wrong secret', async () => {
    const body = { merchant_order_id: 'x' };
    const response = await t.signed('/gateway/api/order/get', body, { signature: sign('wrong', body) });
    expect(response.status).toBe(401);
  });

  it('answers 400 naming merchant_order_id when it is missing', async () => {
    const response = await t.signed('/gateway/api/order/get', {});
    expect(response.status).toBe(400);
    expect((await json(response)).data.details).toMatch(/^merchant_order_id:/);
  });
});

describe('the balance', () => {
  it('answers data.inr as a decimal string with the merchant’s identity', async () => {
    const response = await t.signed('/gateway/api/ledger/get_merchant_ledger', {
      merchant_uid: t.merchant.merchant_uid,
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({
      uid: t.merchant.merchant_uid,
      merchant_uid: t.merchant.merchant_uid,
      merchant_name: 'Chai Point',
      inr: '0.00',
      inr_held: '0.00',
    });
    expect(Date.parse(data.created_at)).not.toBeNaN();
    expect(Date.parse(data.updated_at)).not.toBeNaN();
  });

  it('refuses another merchant’s balance with 403', async () => {
    const other = await t.addMerchant({ name: 'Other' });
    const response = await t.signed('/gateway/api/ledger/get_merchant_ledger', {
      merchant_uid: other.merchant_uid,
    });
    expect(response.status).toBe(403);
  });
});
