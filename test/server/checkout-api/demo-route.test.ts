import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_LIMIT } from '../../../src/server/checkout-api/demo-routes.js';
import { DEMO_SHOP } from '../../../src/server/merchants/demo-merchant.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { createTestApp, json, PRODUCTION_SECRET_KEY, type TestApp } from '../support/test-app.js';
import { openTestDb } from '../support/test-db.js';

const PRODUCTION = { MODE: 'production', SECRET_KEY: PRODUCTION_SECRET_KEY };

// The first store of a test process is built from scratch: in a hook, not in a test's time.
beforeAll(async () => (await openTestDb()).close());

describe('GET /demo', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('creates a fresh order for the demo merchant and redirects to its payment_url', async () => {
    t = await createTestApp();
    const demo = await t.addMerchant(DEMO_SHOP);
    const first = await t.app.request('/demo');
    expect(first.status).toBe(302);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const location = first.headers.get('location') ?? '';
    expect(location).toMatch(/^https:\/\/pay\.test\/checkout\/[0-9a-f-]{36}$/);
    const uid = location.split('/').pop() ?? '';
    const view = await json(await t.app.request(`/checkout/api/orders/${uid}`));
    expect(view.data).toMatchObject({ amount: '199.00', payment_status: 'pending' });
    const [row] = await queryRows(
      t.db,
      z.object({ merchant_uid: z.string() }),
      'SELECT merchant_uid FROM orders WHERE payment_uid = $1',
      [uid],
    );
    expect(row?.merchant_uid).toBe(demo.merchant_uid);

    const second = await t.app.request('/demo');
    expect(second.headers.get('location')).not.toBe(location);
  });

  it('answers 404 in the error shape when there is no demo merchant', async () => {
    t = await createTestApp();
    const response = await t.app.request('/demo');
    expect(response.status).toBe(404);
    expect((await json(response)).data.error).toBe('not_found');
  });

  it('is refused in production, in the error shape, without creating an order', async () => {
    t = await createTestApp({ env: PRODUCTION });
    await t.addMerchant(DEMO_SHOP);
    const response = await t.app.request('/demo');
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({ result: 'error', data: { error: 'forbidden' } });
    expect(await t.db.query('SELECT 1 FROM orders')).toHaveLength(0);
  });

  it('limits how many orders one client creates, with Retry-After', async () => {
    t = await createTestApp();
    await t.addMerchant(DEMO_SHOP);
    for (let i = 0; i < DEMO_LIMIT.burst; i++) expect((await t.app.request('/demo')).status).toBe(302);
    const refused = await t.app.request('/demo');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(10_000);
    expect((await t.app.request('/demo')).status).toBe(302);
  });
});
