import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findActiveKey, revokeKey, secretForKey } from '../../../src/server/merchants/api-key-store.js';
import { findMerchant, setMerchantStatus } from '../../../src/server/merchants/merchant-store.js';
import { createTestApp, type TestApp, testConfig } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('looking up a signed request key', () => {
  it('answers the key, its unsealed secret and its merchant exactly as the merchants table has it', async () => {
    const key = await findActiveKey(t.db, t.deps.config.secretKey, t.merchant.api_key);
    expect(key?.key).toBe(t.merchant.api_key);
    expect(key?.secret).toBe(t.merchant.api_secret);
    expect(key?.merchant).toEqual(await findMerchant(t.db, t.merchant.merchant_uid));
    // Again, from the unsealed-secret cache.
    expect((await findActiveKey(t.db, t.deps.config.secretKey, t.merchant.api_key))?.secret).toBe(
      t.merchant.api_secret,
    );
    expect(await secretForKey(t.db, t.deps.config.secretKey, t.merchant.api_key)).toBe(t.merchant.api_secret);
  });

  it('sees a merchant status change and a revocation at once', async () => {
    const other = await t.addMerchant({ name: 'Other Shop' });
    await findActiveKey(t.db, t.deps.config.secretKey, other.api_key);
    await setMerchantStatus(t.db, other.merchant_uid, 'disabled', t.clock.now());
    expect((await findActiveKey(t.db, t.deps.config.secretKey, other.api_key))?.merchant.status).toBe(
      'disabled',
    );
    await revokeKey(t.db, other.merchant_uid, other.api_key, t.clock.now());
    expect(await findActiveKey(t.db, t.deps.config.secretKey, other.api_key)).toBeUndefined();
    expect(await findActiveKey(t.db, t.deps.config.secretKey, 'ak_unknown')).toBeUndefined();
  });

  it('does not answer a cached secret under a different service key', async () => {
    await findActiveKey(t.db, t.deps.config.secretKey, t.merchant.api_key);
    const otherKey = testConfig({ SECRET_KEY: 'cd'.repeat(32) }).secretKey;
    await expect(findActiveKey(t.db, otherKey, t.merchant.api_key)).rejects.toThrow();
  });
});
