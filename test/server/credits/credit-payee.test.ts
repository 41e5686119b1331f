import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../../src/server/store/rows.js';
import {
  balance,
  claim,
  createIncome,
  createLifecycleApp,
  credit,
  errorCode,
  freshUtr,
  orderRow,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

let shop = 0;
/** Two merchants with collection accounts of their own. */
async function twoMerchants() {
  shop += 1;
  const a = await t.addMerchant({
    name: 'Shop A',
    upi_vpa: `shopa${shop}@okaxis`,
    imps_account: `1000000${shop}`.padEnd(12, '1'),
  });
  const b = await t.addMerchant({
    name: 'Shop B',
    upi_vpa: `shopb${shop}@okhdfc`,
    imps_account: `2000000${shop}`.padEnd(12, '2'),
  });
  return { a, b, aVpa: `shopa${shop}@okaxis` };
}

async function lostClaims(query: string) {
  return (await json(await t.operator('GET', `/operator/api/lost-claims?${query}`))).data as Record<
    string,
    unknown
  >[];
}

describe('a credit pays only the merchant it was paid to', () => {
  it("does not complete another merchant's order whose payer claimed the UTR first, and releases that claim", async () => {
    const { a, b, aVpa } = await twoMerchants();
    const orderA = await createIncome(t, a, { amount: '300.00' });
    const orderB = await createIncome(t, b, { amount: '300.00' });
    const utr = freshUtr();

    expect((await claim(t, orderB, utr)).status).toBe(200);
    const credited = await json(await credit(t, utr, '300.00', { payee: aVpa }));
    expect(credited.data).toMatchObject({ outcome: 'waiting' });
    expect((await orderRow(t, orderB)).payment_status).toBe('processing');
    expect(await balance(t, b)).toEqual({ available: 0, held: 0 });

    // The claim no longer holds the UTR: A's payer claims it and A is paid.
    const claimed = await json(await claim(t, orderA, utr));
    expect(claimed.data.payment_status).toBe('completed');
    expect(await balance(t, a)).toEqual({ available: 30000, held: 0 });
    expect(await lostClaims(`utr=${utr}`)).toMatchObject([
      { reason: 'payee_mismatch', payment_uid: orderB, merchant_uid: b.merchant_uid, credit_payee: aVpa },
    ]);
  });

  it('refuses a claim on a waiting credit paid to another merchant, whichever came first', async () => {
    const { a, b, aVpa } = await twoMerchants();
    const orderA = await createIncome(t, a, { amount: '120.00' });
    const orderB = await createIncome(t, b, { amount: '120.00' });
    const utr = freshUtr();
    expect((await json(await credit(t, utr, '120.00', { payee: aVpa }))).data.outcome).toBe('waiting');

    const refused = await claim(t, orderB, utr);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('utr_used');
    expect((await orderRow(t, orderB)).payment_status).toBe('pending');
    expect(await balance(t, b)).toEqual({ available: 0, held: 0 });

    expect((await json(await claim(t, orderA, utr))).data.payment_status).toBe('completed');
    expect(await balance(t, a)).toEqual({ available: 12000, held: 0 });
    expect(await lostClaims(`payment_uid=${orderB}`)).toMatchObject([
      { utr, reason: 'payee_mismatch', payment_uid: orderB, credit_payee: aVpa },
    ]);
  });

  it("settles the right order whose claim was refused while another merchant's payer held the UTR", async () => {
    const { a, b, aVpa } = await twoMerchants();
    const orderA = await createIncome(t, a, { amount: '55.00' });
    const orderB = await createIncome(t, b, { amount: '55.00' });
    const utr = freshUtr();
    expect((await claim(t, orderB, utr)).status).toBe(200);
    const lost = await claim(t, orderA, utr);
    expect(lost.status).toBe(409);
    expect(await errorCode(lost)).toBe('utr_used');

    const credited = await json(await credit(t, utr, '55.00', { payee: aVpa.toUpperCase() }));
    expect(credited.data).toMatchObject({ outcome: 'completed', payment_uid: orderA });
    expect(await balance(t, a)).toEqual({ available: 5500, held: 0 });
    expect(await balance(t, b)).toEqual({ available: 0, held: 0 });

    const rows = await lostClaims(`utr=${utr}`);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reason: 'utr_used',
          payment_uid: orderA,
          merchant_uid: a.merchant_uid,
          other_payment_uid: orderB,
          other_merchant_uid: b.merchant_uid,
        }),
        expect.objectContaining({
          reason: 'payee_mismatch',
          payment_uid: orderB,
          other_payment_uid: orderA,
          other_merchant_uid: a.merchant_uid,
        }),
      ]),
    );
  });

  it('matches an IMPS credit by its account number, spaces and all', async () => {
    const { a } = await twoMerchants();
    const [merchantA] = await queryRows(
      t.db,
      z.object({ imps_account: z.string() }),
      'SELECT imps_account FROM merchants WHERE uid = $1',
      [a.merchant_uid],
    );
    const account = merchantA?.imps_account ?? '';
    const order = await createIncome(t, a, { amount: '800.00', payterm: 'IMPS' });
    const utr = freshUtr();
    await claim(t, order, utr);
    const spaced = `${account.slice(0, 4)} ${account.slice(4)}`;
    expect((await json(await credit(t, utr, '800.00', { payee: spaced }))).data.outcome).toBe('completed');
  });

  it('keeps a credit without a payee waiting when several merchants could have received it', async () => {
    const { a } = await twoMerchants();
    const order = await createIncome(t, a, { amount: '10.00' });
    const utr = freshUtr();
    await claim(t, order, utr);
    const credited = await json(await credit(t, utr, '10.00', { payee: '' }));
    expect(credited.data).toMatchObject({ outcome: 'waiting', reason: expect.stringContaining('no payee') });
    expect((await orderRow(t, order)).payment_status).toBe('processing');
    expect(await balance(t, a)).toEqual({ available: 0, held: 0 });
  });

  it('records every refused claim on a UTR another order holds, counting repeats', async () => {
    const { a, b } = await twoMerchants();
    const first = await createIncome(t, a);
    const second = await createIncome(t, b);
    const utr = freshUtr();
    await claim(t, first, utr);
    await claim(t, second, utr);
    await claim(t, second, utr);
    expect(await lostClaims(`utr=${utr}`)).toMatchObject([
      { reason: 'utr_used', payment_uid: second, other_payment_uid: first, attempts: 2 },
    ]);
  });
});

describe('an operator confirming a waiting credit', () => {
  it('settles a credit without a payee that the service could not place, on the order that claimed it', async () => {
    const { a } = await twoMerchants();
    const order = await createIncome(t, a, { amount: '10.00' });
    const utr = freshUtr();
    await claim(t, order, utr);
    expect((await json(await credit(t, utr, '10.00', { payee: '' }))).data.outcome).toBe('waiting');

    const confirmed = await t.operator('POST', `/operator/api/credits/${utr}/confirm`, {
      payment_uid: order,
    });
    expect(confirmed.status).toBe(200);
    expect((await json(confirmed)).data).toMatchObject({ outcome: 'completed', payment_uid: order });
    expect(await balance(t, a)).toEqual({ available: 1000, held: 0 });
  });

  it('never moves a credit paid to another account, nor one another order claimed', async () => {
    const { a, b, aVpa } = await twoMerchants();
    const orderA = await createIncome(t, a, { amount: '10.00' });
    const orderB = await createIncome(t, b, { amount: '10.00' });
    const utr = freshUtr();
    await credit(t, utr, '10.00', { payee: aVpa });
    const wrong = await t.operator('POST', `/operator/api/credits/${utr}/confirm`, { payment_uid: orderB });
    expect(wrong.status).toBe(409);
    expect(await balance(t, b)).toEqual({ available: 0, held: 0 });

    const other = freshUtr();
    await claim(t, orderA, other);
    await credit(t, other, '10.00', { payee: '' });
    const taken = await t.operator('POST', `/operator/api/credits/${other}/confirm`, { payment_uid: orderB });
    expect(taken.status).toBe(409);
    expect(await errorCode(taken)).toBe('utr_used');
  });
});

describe('a store with one merchant', () => {
  it('settles a credit without a payee: nobody else could have received it', async () => {
    const single = await createLifecycleApp();
    try {
      const order = await createIncome(single, single.merchant, { amount: '99.00' });
      const utr = freshUtr();
      await claim(single, order, utr);
      const credited = await json(await credit(single, utr, '99.00', { payee: '' }));
      expect(credited.data).toMatchObject({ outcome: 'completed', payment_uid: order });
    } finally {
      await single.close();
    }
  });
});
