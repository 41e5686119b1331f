import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfIstDay } from '../../../src/server/console/today-summary.js';
import type { OrderListRow } from '../../../src/shared/console-views.js';
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

const search = async (query: Record<string, string>) => {
  const response = await t.operator('GET', `/operator/api/order-search?${new URLSearchParams(query)}`);
  expect(response.status).toBe(200);
  return (await json(response)).data as { orders: OrderListRow[]; next_cursor: string | null };
};

describe('order search for the console', () => {
  it('finds an order by payment_uid, merchant_order_id, claimed UTR, payer name prefix and amount', async () => {
    const key = await t.addMerchant({ name: 'Search merchant' });
    const uid = await createIncome(t, key, {
      merchant_order_id: 'SRCH-0001',
      from_name: 'Kavya Raman',
      amount: '1234.56',
    });
    const utr = freshUtr();
    await claim(t, uid, utr);
    for (const q of [uid, 'SRCH-0001', utr, 'kavya', 'KAVYA RA', '1234.56']) {
      const found = await search({ q });
      expect(
        found.orders.map((order) => order.payment_uid),
        q,
      ).toContain(uid);
    }
    expect((await search({ q: 'nobody-by-this-name' })).orders).toEqual([]);
    expect((await search({ q: 'kav%' })).orders).toEqual([]);
  });

  it('finds an order by the first 8 or more characters of an identifier or UTR, by its credit, and not by fewer', async () => {
    const key = await t.addMerchant({ name: 'Partial merchant' });
    const paid = await createIncome(t, key, {
      merchant_order_id: 'PARTIAL-ORDER-77',
      from_name: '',
      amount: '321.00',
    });
    t.clock.advance(1000);
    const waiting = await createIncome(t, key, { merchant_order_id: 'PARTIAL-WAIT-78', amount: '654.00' });
    const [paidUtr, waitingUtr] = [freshUtr(), freshUtr()];
    expect((await claim(t, paid, paidUtr)).status).toBe(200);
    expect((await claim(t, waiting, waitingUtr)).status).toBe(200);
    expect((await credit(t, paidUtr, '321.00', { payer_name: 'Meera Iyer' })).status).toBe(201);
    const found = async (q: string) => (await search({ q })).orders.map((order) => order.payment_uid);
    for (const q of [
      paid.slice(0, 8),
      paid,
      'PARTIAL-ORD',
      'PARTIAL-ORDER-77',
      paidUtr,
      paidUtr.slice(0, 9),
      'meera i',
    ])
      expect(await found(q), q).toContain(paid);
    for (const q of [waiting.slice(0, 9), 'PARTIAL-WAIT', waitingUtr, waitingUtr.slice(0, 8)])
      expect(await found(q), q).toContain(waiting);
    // Seven characters are a whole identifier or nothing.
    for (const q of [paid.slice(0, 7), 'PARTIAL', paidUtr.slice(0, 7)]) expect(await found(q), q).toEqual([]);
    const both = await found('PARTIAL-');
    expect(both).toEqual([waiting, paid]);
  });

  it("lists each order's claimed UTRs and the payer's name from its credit when the order has none", async () => {
    const key = await t.addMerchant({ name: 'Facts merchant' });
    const uid = await createIncome(t, key, { from_name: '', amount: '250.00' });
    const [wrong, paid] = [freshUtr(), freshUtr()];
    expect((await claim(t, uid, wrong)).status).toBe(200);
    t.clock.advance(1000);
    expect((await claim(t, uid, paid)).status).toBe(200);
    const unclaimed = await createIncome(t, key, { from_name: '', amount: '250.00' });
    const before = await search({ merchant_uid: key.merchant_uid });
    expect(
      before.orders.map(({ payment_uid, claimed_utrs, credit_payer_name }) => ({
        payment_uid,
        claimed_utrs,
        credit_payer_name,
      })),
    ).toEqual([
      { payment_uid: unclaimed, claimed_utrs: [], credit_payer_name: '' },
      { payment_uid: uid, claimed_utrs: [wrong, paid], credit_payer_name: '' },
    ]);
    expect((await credit(t, paid, '250.00', { payer_name: 'Ravi Kumar' })).status).toBe(201);
    const [row] = (await search({ q: uid })).orders;
    expect(row).toMatchObject({
      payer_name: '',
      credit_payer_name: 'Ravi Kumar',
      claimed_utrs: [wrong, paid],
    });
  });

  it('filters by merchant, kind and status, and pages with a cursor without repeating or skipping', async () => {
    const key = await t.addMerchant({ name: 'Paging merchant' });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(await createIncome(t, key));
      t.clock.advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search({
        merchant_uid: key.merchant_uid,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.orders.length).toBeLessThanOrEqual(2);
      seen.push(...page.orders.map((order) => order.payment_uid));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    expect((await search({ merchant_uid: key.merchant_uid, kind: 'expense' })).orders).toEqual([]);
    expect((await search({ merchant_uid: key.merchant_uid, status: 'pending' })).orders).toHaveLength(5);
  });

  it('answers a bad filter or cursor with 400 naming it', async () => {
    const bad = await t.operator('GET', '/operator/api/order-search?status=lost');
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.details).toMatch(/^status:/);
    const cursor = await t.operator('GET', '/operator/api/order-search?cursor=garbage');
    expect(cursor.status).toBe(400);
    expect((await json(cursor)).data.details).toMatch(/^cursor:/);
  });
});

describe("an order's timeline", () => {
  it('tells creation, the claim with its client address, the credit, status changes, ledger postings and the callback', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    t.clock.advance(1000);
    await claim(t, uid, utr);
    t.clock.advance(1000);
    await credit(t, utr, '100.00');
    const response = await t.operator('GET', `/operator/api/orders/${uid}/timeline`);
    expect(response.status).toBe(200);
    const entries = (await json(response)).data as { kind: string }[];
    expect(entries.map((entry) => entry.kind)).toEqual([
      'created',
      'claim',
      'status',
      'callback',
      'credit',
      'status',
      'ledger',
      'callback',
    ]);
    expect(entries[1]).toMatchObject({ kind: 'claim', utr, client_ip: 'local' });
    expect(entries[2]).toMatchObject({ kind: 'status', from: 'pending', to: 'processing' });
    expect(entries[4]).toMatchObject({ kind: 'credit', utr, amount: '100.00', matched: true });
    expect(entries[5]).toMatchObject({ kind: 'status', from: 'processing', to: 'completed' });
    expect(entries[6]).toMatchObject({ kind: 'ledger', event: 'collected' });
    expect(entries[7]).toMatchObject({ kind: 'callback', payment_status: 'completed', state: 'pending' });
    expect((await t.operator('GET', '/operator/api/orders/nope/timeline')).status).toBe(404);
  });
});

describe("Today's figures", () => {
  it('counts orders since midnight in India by kind and status, credits and their matching', async () => {
    const own = await createLifecycleApp();
    try {
      own.clock.set('2026-03-10T20:00:00Z'); // 01:30 IST on 11 March
      expect(startOfIstDay(own.clock.now()).toISOString()).toBe('2026-03-10T18:30:00.000Z');
      const uid = await createIncome(own, own.merchant, { amount: '250.00' });
      await createIncome(own, own.merchant, { amount: '100.00' });
      const utr = freshUtr();
      await claim(own, uid, utr);
      await credit(own, utr, '250.00');
      await credit(own, freshUtr(), '75.00');
      const response = await own.operator('GET', '/operator/api/summary/today');
      const data = (await json(response)).data;
      expect(data.since).toBe('2026-03-10T18:30:00.000Z');
      expect(data.orders).toEqual([
        { kind: 'income', status: 'completed', count: 1, amount: '250.00' },
        { kind: 'income', status: 'pending', count: 1, amount: '100.00' },
      ]);
      expect(data.credits).toEqual({ received: 2, matched: 1, waiting: 1, frozen: 0 });
    } finally {
      await own.close();
    }
  });
});

describe('merchant settings', () => {
  it('updates display settings, limits and frame origins, and refuses min above max or unknown fields', async () => {
    const key = await t.addMerchant({ name: 'Editable merchant' });
    const path = `/operator/api/merchants/${key.merchant_uid}`;
    const updated = await t.operator('PATCH', path, {
      name: 'Edited merchant',
      brand_color: '#112233',
      upi_max: '5000.00',
      embed_origins: ['https://shop.example'],
    });
    expect(updated.status).toBe(200);
    expect((await json(updated)).data).toMatchObject({
      name: 'Edited merchant',
      brand_color: '#112233',
      upi_max: '5000.00',
      embed_origins: ['https://shop.example'],
    });
    const tooLow = await t.operator('PATCH', path, { upi_min: '6000.00' });
    expect(tooLow.status).toBe(400);
    expect((await json(tooLow)).data.details).toMatch(/^upi_min:/);
    expect((await t.operator('PATCH', path, { status: 'disabled' })).status).toBe(400);
    expect((await t.operator('PATCH', path, { embed_origins: ['javascript:alert(1)'] })).status).toBe(400);
    expect((await t.operator('PATCH', '/operator/api/merchants/none', { name: 'x' })).status).toBe(404);
  });

  it('lists the blacklist and the recent ledger entries of the merchant', async () => {
    const key = await t.addMerchant({ name: 'Ledger merchant' });
    await t.operator('POST', `/operator/api/merchants/${key.merchant_uid}/blacklist`, {
      from_name: 'Bad Payer',
    });
    const list = await t.operator('GET', `/operator/api/merchants/${key.merchant_uid}/blacklist`);
    expect((await json(list)).data).toEqual([expect.objectContaining({ from_name: 'Bad Payer' })]);
    const uid = await createIncome(t, key, { amount: '300.00' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '300.00');
    const ledger = await t.operator('GET', `/operator/api/merchants/${key.merchant_uid}/ledger`);
    expect((await json(ledger)).data).toEqual([
      expect.objectContaining({
        account: 'available',
        amount: '300.00',
        payment_uid: uid,
        event: 'collected',
      }),
    ]);
  });
});

describe('failing callbacks', () => {
  it('lists the orders Today counts as failing, given up or retrying after a failure', async () => {
    const key = await t.addMerchant({ name: 'Failing callbacks merchant' });
    const given = await createIncome(t, key);
    const retrying = await createIncome(t, key);
    const fine = await createIncome(t, key);
    for (const uid of [given, retrying, fine]) {
      const utr = freshUtr();
      await claim(t, uid, utr);
      await credit(t, utr, '100.00');
    }
    await t.db.query(`UPDATE outbox SET state = 'failed', attempts = 9 WHERE payment_uid = $1`, [given]);
    await t.db.query(`UPDATE outbox SET attempts = 2 WHERE payment_uid = $1 AND state = 'pending'`, [
      retrying,
    ]);
    const listed = await search({ merchant_uid: key.merchant_uid, callback: 'failing' });
    expect(listed.orders.map((order) => order.payment_uid).sort()).toEqual([given, retrying].sort());
    const today = (await json(await t.operator('GET', '/operator/api/summary/today'))).data;
    expect(today.failing_callbacks).toContainEqual({
      merchant_uid: key.merchant_uid,
      merchant_name: 'Failing callbacks merchant',
      count: 2,
    });
  });
});
