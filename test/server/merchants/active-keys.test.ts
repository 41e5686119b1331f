import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../src/server/log.js';
import { activeKeysOf, createActiveKeys } from '../../../src/server/merchants/active-keys.js';
import { KEY_CHANGES_CHANNEL } from '../../../src/server/merchants/key-changes.js';
import { seal } from '../../../src/server/merchants/secret-box.js';
import { type ChangeFeed, type FeedState, openChangeFeed } from '../../../src/server/store/change-feed.js';
import type { Queryable } from '../../../src/server/store/db.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';

const WAIT = { timeout: 20_000, interval: 20 };
const ORDER = '/gateway/api/order/new';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The store as the cache sees it, counting the queries it is asked. */
function counting(db: Queryable): Queryable & { count: number } {
  const counted = {
    count: 0,
    query: ((sql, params) => {
      counted.count++;
      return db.query(sql, params);
    }) as Queryable['query'],
    exec: (sql: string) => db.exec(sql),
  };
  return counted;
}

/** A change feed the test drives: notifications and listener state on demand. */
function drivenFeed() {
  const subscribers = new Set<(payload: string) => void>();
  const states = new Set<(state: FeedState) => void>();
  const feed = {
    live: true as boolean,
    on(channel: string, fn: (payload: string) => void) {
      expect(channel).toBe(KEY_CHANGES_CHANNEL);
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    onState(fn: (state: FeedState) => void) {
      states.add(fn);
      return () => states.delete(fn);
    },
    close: async () => undefined,
    notify(payload: string) {
      for (const fn of subscribers) fn(payload);
    },
    state(state: FeedState) {
      feed.live = state === 'resumed';
      for (const fn of states) fn(state);
    },
  } satisfies ChangeFeed & Record<string, unknown>;
  return feed;
}

const order = (key: TestApp['merchant'], overrides: Record<string, unknown> = {}) =>
  t.signed(ORDER, incomeBody(key.merchant_uid, overrides), { key });

describe('active keys in memory', () => {
  it('asks the store once for a known key and answers it, secret and merchant, from memory after', async () => {
    const db = counting(t.db);
    const keys = createActiveKeys({ db, changes: t.deps.changes, secretKey: t.deps.config.secretKey });
    const first = await keys.find(t.merchant.api_key);
    const second = await keys.find(t.merchant.api_key);
    expect(db.count).toBe(1);
    expect(second).toEqual(first);
    expect(second?.secret).toBe(t.merchant.api_secret);
    expect(second?.merchant.uid).toBe(t.merchant.merchant_uid);
  });

  it('remembers no unknown key, so a key issued after a refusal works at once', async () => {
    const db = counting(t.db);
    const keys = createActiveKeys({ db, changes: t.deps.changes, secretKey: t.deps.config.secretKey });
    const apiKey = `ak_fresh${Date.now().toString(36)}`;
    expect(await keys.find(apiKey)).toBeUndefined();
    expect(await keys.find(apiKey)).toBeUndefined();
    expect(db.count).toBe(2);
    await t.db.query(
      'INSERT INTO api_keys (key, merchant_uid, sealed_secret, created_at) VALUES ($1, $2, $3, $4)',
      [apiKey, t.merchant.merchant_uid, seal(t.deps.config.secretKey, 'fresh-secret'), t.clock.now()],
    );
    expect((await keys.find(apiKey))?.secret).toBe('fresh-secret');
    expect(keys.size).toBe(1);
  });

  it('forgets everything when the listener is lost, keeps nothing while it is down, and forgets again when it is back', async () => {
    const feed = drivenFeed();
    const db = counting(t.db);
    const keys = createActiveKeys({ db, changes: feed, secretKey: t.deps.config.secretKey });
    await keys.find(t.merchant.api_key);
    expect(keys.size).toBe(1);
    feed.state('lost');
    expect(keys.size).toBe(0);
    await keys.find(t.merchant.api_key);
    await keys.find(t.merchant.api_key);
    expect(keys.size).toBe(0);
    expect(db.count).toBe(3);
    feed.state('resumed');
    await keys.find(t.merchant.api_key);
    expect(keys.size).toBe(1);
    feed.state('lost');
    feed.state('resumed');
    expect(keys.size).toBe(0);
  });

  it('answers but does not keep a read that overlapped a change, and forgets by key, merchant or all', async () => {
    const feed = drivenFeed();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gated: Queryable = {
      query: async (sql, params) => {
        const rows = await t.db.query(sql, params);
        await gate;
        return rows as never;
      },
      exec: (sql) => t.db.exec(sql),
    };
    const keys = createActiveKeys({ db: gated, changes: feed, secretKey: t.deps.config.secretKey });
    const reading = keys.find(t.merchant.api_key);
    feed.notify(`merchant:${t.merchant.merchant_uid}`);
    release();
    expect((await reading)?.key).toBe(t.merchant.api_key);
    expect(keys.size).toBe(0);

    const other = await t.addMerchant({ name: 'Second shop' });
    await keys.find(t.merchant.api_key);
    await keys.find(other.api_key);
    expect(keys.size).toBe(2);
    feed.notify(`key:${other.api_key}`);
    expect(keys.size).toBe(1);
    await keys.find(other.api_key);
    feed.notify(`merchant:${t.merchant.merchant_uid}`);
    expect(keys.size).toBe(1);
    feed.notify('*');
    expect(keys.size).toBe(0);
  });

  it('keeps nothing over a feed that does not carry key changes', async () => {
    const feed = await openChangeFeed(t.db, ['outbox_due'], silentLogger);
    try {
      const keys = createActiveKeys({ db: t.db, changes: feed, secretKey: t.deps.config.secretKey });
      expect((await keys.find(t.merchant.api_key))?.key).toBe(t.merchant.api_key);
      expect(keys.size).toBe(0);
    } finally {
      await feed.close();
    }
  });
});

describe('signed requests of a remembered key', () => {
  it('refuses a key at once in the process that revoked it', async () => {
    const shop = await t.addMerchant({ name: 'Revoking shop' });
    expect((await order(shop)).status).toBe(200);
    expect((await order(shop)).status).toBe(200);
    expect(activeKeysOf(t.deps).size).toBeGreaterThan(0);
    const revoked = await t.operator(
      'DELETE',
      `/operator/api/merchants/${shop.merchant_uid}/keys/${shop.api_key}`,
    );
    expect(revoked.status).toBe(200);
    const refused = await order(shop);
    expect(refused.status).toBe(401);
    expect((await json(refused)).data.details).toBe(
      'OC-Key, OC-Signature: no active key whose signature matches this body',
    );
  });

  it('refuses a disabled merchant, serves it enabled again and applies changed limits, each at once', async () => {
    const shop = await t.addMerchant({ name: 'Toggling shop' });
    expect((await order(shop)).status).toBe(200);
    await t.operator('POST', `/operator/api/merchants/${shop.merchant_uid}/disable`);
    const refused = await order(shop);
    expect(refused.status).toBe(403);
    expect((await json(refused)).data.error).toBe('merchant_disabled');
    await t.operator('POST', `/operator/api/merchants/${shop.merchant_uid}/enable`);
    expect((await order(shop)).status).toBe(200);
    const patched = await t.operator('PATCH', `/operator/api/merchants/${shop.merchant_uid}`, {
      upi_max: '50.00',
    });
    expect(patched.status).toBe(200);
    const over = await order(shop, { amount: '100.00' });
    expect((await json(over)).data).toMatchObject({
      error: 'amount_out_of_range',
      details: 'amount: must be between 1.00 and 50.00 for UPI',
    });
  });

  it('refuses a key revoked and a merchant disabled by a writer elsewhere once the change is heard', async () => {
    const shop = await t.addMerchant({ name: 'Elsewhere shop' });
    expect((await order(shop)).status).toBe(200);
    await t.db.query(`UPDATE merchants SET status = 'disabled' WHERE uid = $1`, [shop.merchant_uid]);
    await vi.waitFor(async () => expect((await order(shop)).status).toBe(403), WAIT);
    await t.db.query(`UPDATE merchants SET status = 'active' WHERE uid = $1`, [shop.merchant_uid]);
    await vi.waitFor(async () => expect((await order(shop)).status).toBe(200), WAIT);
    await t.db.query(`UPDATE api_keys SET status = 'revoked' WHERE key = $1`, [shop.api_key]);
    await vi.waitFor(async () => expect((await order(shop)).status).toBe(401), WAIT);
  });
});

describe.runIf(storeKind === 'postgres')('keys changed by another service process (PostgreSQL)', () => {
  it('refuses a key the other process revoked once its notification arrives', async () => {
    const url = t.db.url ?? '';
    const other = await createTestApp({ db: Object.assign(await openPgDb(url), { url }) });
    try {
      const shop = await t.addMerchant({ name: 'Two-process shop' });
      expect((await order(shop)).status).toBe(200);
      expect(
        (await other.operator('DELETE', `/operator/api/merchants/${shop.merchant_uid}/keys/${shop.api_key}`))
          .status,
      ).toBe(200);
      await vi.waitFor(async () => expect((await order(shop)).status).toBe(401), WAIT);
    } finally {
      await other.close();
    }
  });

  it('refuses a merchant disabled while this process was not listening', async () => {
    const url = t.db.url ?? '';
    const other = await createTestApp({ db: Object.assign(await openPgDb(url), { url }) });
    try {
      const shop = await t.addMerchant({ name: 'Unheard shop' });
      expect((await order(shop)).status).toBe(200);
      // In one transaction of the other process: end the listeners, then disable the merchant.
      // Its notification reaches no listener of this process.
      await other.db.transaction(async (tx) => {
        const ended = await tx.query(
          `SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity
           WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
        );
        expect(ended.length).toBeGreaterThan(0);
        await tx.query(`UPDATE merchants SET status = 'disabled' WHERE uid = $1`, [shop.merchant_uid]);
      });
      await vi.waitFor(async () => expect((await order(shop)).status).toBe(403), WAIT);
      await vi.waitFor(() => expect(t.deps.changes.live).toBe(true), WAIT);
      expect((await order(shop)).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});
