import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claim,
  createIncome,
  createLifecycleApp,
  credit,
  freshUtr,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

interface Found {
  readonly orders: { payment_uid: string; amount: string }[];
  readonly credits: { utr: string; payer_name: string; payment_uid: string | null; state: string }[];
}

const search = async (q: string): Promise<Found> => {
  const response = await t.operator('GET', `/operator/api/search?${new URLSearchParams({ q })}`);
  expect(response.status, q).toBe(200);
  return (await json(response)).data as Found;
};
const orderUids = (found: Found) => found.orders.map((order) => order.payment_uid);
const creditUtrs = (found: Found) => found.credits.map((row) => row.utr);

describe("the console's header search", () => {
  it('finds orders and credits by an amount in any form the console shows', async () => {
    const key = await t.addMerchant({ name: 'Amount search merchant' });
    const uid = await createIncome(t, key, { amount: '14990.00' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    expect((await credit(t, utr, '14990.00')).status).toBe(201);
    for (const q of ['14,990.00', '14990', '14990.0', '₹14,990', '₹ 14,990.00', '14990.00']) {
      const found = await search(q);
      expect(orderUids(found), q).toContain(uid);
      expect(creditUtrs(found), q).toContain(utr);
    }
    expect(orderUids(await search('14,99'))).not.toContain(uid);
  });

  it("finds a credit and its order by the payer's name or VPA on the credit", async () => {
    const key = await t.addMerchant({ name: 'Payer search merchant' });
    const uid = await createIncome(t, key, { amount: '321.00', from_name: '' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '321.00', { payer_name: 'Ishaan Mehrotra ishaan.m@okhdfc' });
    const waiting = freshUtr();
    await credit(t, waiting, '77.00', { payer_name: 'Zoravar Sidhu' });
    for (const q of ['ishaan', 'ISHAAN MEHRO']) {
      const found = await search(q);
      expect(orderUids(found), q).toEqual([uid]);
      expect(creditUtrs(found), q).toEqual([utr]);
      expect(found.credits[0]?.state).toBe('matched');
    }
    const unmatched = await search('zoravar');
    expect(unmatched.orders).toEqual([]);
    expect(unmatched.credits.map((row) => [row.utr, row.payment_uid, row.state])).toEqual([
      [waiting, null, 'waiting'],
    ]);
  });

  it('finds by the first 8 or more characters of a payment_uid, merchant_order_id or UTR, not fewer', async () => {
    const key = await t.addMerchant({ name: 'Prefix search merchant' });
    const uid = await createIncome(t, key, { merchant_order_id: 'PFX-7781-2209-A' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    const credited = freshUtr();
    await credit(t, credited, '50.00');
    expect(orderUids(await search(uid.slice(0, 8)))).toContain(uid);
    expect(orderUids(await search('PFX-7781-22'))).toEqual([uid]);
    expect(orderUids(await search(utr.slice(0, 10)))).toContain(uid);
    expect(creditUtrs(await search(credited.slice(0, 9)))).toContain(credited);
    expect(orderUids(await search('PFX-778'))).toEqual([]);
    expect(orderUids(await search(`${uid.slice(0, 8)}%`))).toEqual([]);
  });

  it('answers an empty or overlong term with 400 naming q', async () => {
    for (const q of ['', ' ', 'x'.repeat(129)]) {
      const response = await t.operator('GET', `/operator/api/search?${new URLSearchParams({ q })}`);
      expect(response.status).toBe(400);
      expect((await json(response)).data.details).toMatch(/^q:/);
    }
  });
});
