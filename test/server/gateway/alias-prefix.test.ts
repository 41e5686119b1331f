/**
 * The merchant API also answers under /octopus/api/ (docs/merchant-api.md, Overview): clients
 * written for another deployment of this interface hard-code that prefix. Same handlers, same
 * signing, same orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the /octopus/api/ alias of the merchant API', () => {
  it('creates, queries and reads the balance like /gateway/api/, on the same orders', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { amount: '19.99' });
    const created = await t.signed('/octopus/api/order/new', body);
    expect(created.status).toBe(200);
    const payment = (await json(created)).data.payment;
    expect(payment).toMatchObject({ payment_status: 'pending', final_amount: '19.99' });

    // The same request under the other prefix is the same order (idempotent per merchant_order_id).
    const again = await json(await t.signed('/gateway/api/order/new', body));
    expect(again.data.payment.payment_uid).toBe(payment.payment_uid);

    for (const prefix of ['/octopus/api', '/gateway/api']) {
      const queried = await t.signed(`${prefix}/order/get`, { merchant_order_id: body.merchant_order_id });
      expect(queried.status).toBe(200);
      expect((await json(queried)).data).toMatchObject({
        payment_uid: payment.payment_uid,
        amount: '19.99',
      });
    }
    const balance = await t.signed('/octopus/api/ledger/get_merchant_ledger', {
      merchant_uid: t.merchant.merchant_uid,
    });
    expect(balance.status).toBe(200);
    expect(balance.headers.get('cache-control')).toBe('no-store');
    expect((await json(balance)).data).toMatchObject({ merchant_uid: t.merchant.merchant_uid, inr: '0.00' });
  });

  it('accepts both empty-value conventions of signing, and refuses a bad signature or an unknown key', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { from_name: '' });
    expect((await t.signed('/octopus/api/order/new', body, { skipEmpty: true })).status).toBe(200);
    expect(
      (await t.signed('/octopus/api/order/get', { merchant_order_id: body.merchant_order_id })).status,
    ).toBe(200);

    const forged = await t.signed('/octopus/api/order/new', incomeBody(t.merchant.merchant_uid), {
      signature: '0'.repeat(64),
    });
    expect(forged.status).toBe(401);
    expect((await json(forged)).data.error).toBe('unauthorized');
    const unknown = await t.signed(
      '/octopus/api/ledger/get_merchant_ledger',
      { merchant_uid: t.merchant.merchant_uid },
      { key: { ...t.merchant, api_key: 'ak_000000000000000000000000' } },
    );
    expect(unknown.status).toBe(401);
    expect((await json(unknown)).data.error).toBe('unauthorized');
  });

  it("refuses another merchant's uid and answers unknown paths in the error shape", async () => {
    const other = await t.addMerchant({ name: 'Other shop' });
    const refused = await t.signed('/octopus/api/ledger/get_merchant_ledger', {
      merchant_uid: other.merchant_uid,
    });
    expect(refused.status).toBe(403);
    const missing = await t.signed('/octopus/api/order/delete', { merchant_order_id: 'X' });
    expect(missing.status).toBe(404);
    expect((await json(missing)).result).toBe('error');
  });
});
