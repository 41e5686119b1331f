import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf } from '../../../src/server/credits/claim-store.js';
import { findMerchant } from '../../../src/server/merchants/merchant-store.js';
import { findOrder, findOrderForPayer } from '../../../src/server/orders/order-store.js';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the payer poll's single read", () => {
  it('answers the order, its merchant and its claimed UTRs as the three separate reads do', async () => {
    const other = await t.addMerchant({
      name: 'Brand Shop',
      brand_color: '#0a7d5a',
      embed_origins: ['https://shop.example'],
    });
    const body = incomeBody(other.merchant_uid);
    const { data } = await json(await t.signed('/gateway/api/order/new', body, { key: other }));
    const uid = data.payment.payment_uid as string;
    for (const utr of ['612345678902', '612345678901']) {
      t.clock.advance(1000);
      const response = await t.app.request('/Payments/india_match', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ payment_uid: uid, serial_number: utr }),
      });
      expect(response.status).toBe(200);
    }
    const found = await findOrderForPayer(t.db, uid);
    const order = await findOrder(t.db, uid);
    expect(found?.order).toEqual(order);
    expect(found?.merchant).toEqual(await findMerchant(t.db, other.merchant_uid));
    expect(found?.claims).toEqual((await claimsOf(t.db, uid)).map(({ utr }) => ({ utr })));
    expect(found?.claims.map((claim) => claim.utr)).toEqual(['612345678902', '612345678901']);
  });

  it('answers nothing for an unknown or malformed payment_uid', async () => {
    expect(await findOrderForPayer(t.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await findOrderForPayer(t.db, 'not-a-uuid')).toBeUndefined();
  });
});
