import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, createLifecycleApp } from '../lifecycle/support/lifecycle-fixture.js';
import { incomeBody, json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

describe('the payer blacklist', () => {
  it('keeps a blacklisted from_name from creating orders with that merchant only', async () => {
    const key = await t.addMerchant({ name: 'Blacklisting merchant' });
    const other = await t.addMerchant({ name: 'Other merchant' });
    const added = await t.operator('POST', `/operator/api/merchants/${key.merchant_uid}/blacklist`, {
      from_name: 'Fraudster Fred',
    });
    expect(added.status).toBe(201);

    const refused = await t.signed(
      '/gateway/api/order/new',
      incomeBody(key.merchant_uid, { from_name: 'Fraudster Fred', merchant_order_id: 'BL-1' }),
      { key },
    );
    expect(refused.status).toBe(403);
    expect((await json(refused)).data).toMatchObject({
      error: 'payer_blacklisted',
      details: expect.stringMatching(/^from_name:/),
    });
    expect(await count(t, `orders WHERE merchant_order_id = 'BL-1'`)).toBe(0);

    const otherName = await t.signed(
      '/gateway/api/order/new',
      incomeBody(key.merchant_uid, { from_name: 'Honest Hema' }),
      { key },
    );
    expect(otherName.status).toBe(200);
    const otherMerchant = await t.signed(
      '/gateway/api/order/new',
      incomeBody(other.merchant_uid, { from_name: 'Fraudster Fred' }),
      { key: other },
    );
    expect(otherMerchant.status).toBe(200);
  });

  it('lets the payer in again once removed from the list', async () => {
    const key = await t.addMerchant({ name: 'Forgiving merchant' });
    await t.operator('POST', `/operator/api/merchants/${key.merchant_uid}/blacklist`, {
      from_name: 'Late Larry',
    });
    const removed = await t.operator(
      'DELETE',
      `/operator/api/merchants/${key.merchant_uid}/blacklist/${encodeURIComponent('Late Larry')}`,
    );
    expect(removed.status).toBe(200);
    const created = await t.signed(
      '/gateway/api/order/new',
      incomeBody(key.merchant_uid, { from_name: 'Late Larry' }),
      { key },
    );
    expect(created.status).toBe(200);
    const again = await t.operator(
      'DELETE',
      `/operator/api/merchants/${key.merchant_uid}/blacklist/${encodeURIComponent('Late Larry')}`,
    );
    expect(again.status).toBe(404);
  });

  it('adds the same name twice without a second entry', async () => {
    const key = await t.addMerchant({ name: 'Adding twice merchant' });
    const path = `/operator/api/merchants/${key.merchant_uid}/blacklist`;
    expect((await t.operator('POST', path, { from_name: 'Twice Tom' })).status).toBe(201);
    expect((await t.operator('POST', path, { from_name: 'Twice Tom' })).status).toBe(201);
    expect(await count(t, 'blacklist WHERE merchant_uid = $1', [key.merchant_uid])).toBe(1);
  });

  it('refuses an empty name with 400 and an unknown merchant with 404', async () => {
    const path = `/operator/api/merchants/${t.merchant.merchant_uid}/blacklist`;
    expect((await t.operator('POST', path, { from_name: '   ' })).status).toBe(400);
    expect(
      (await t.operator('POST', '/operator/api/merchants/MNOPE/blacklist', { from_name: 'X' })).status,
    ).toBe(404);
  });
});
