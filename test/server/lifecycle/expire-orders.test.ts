import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../src/server/app.js';
import type { AppDeps } from '../../../src/server/app-deps.js';
import { ManualClock } from '../../../src/server/clock.js';
import { createMetrics } from '../../../src/server/http/metrics.js';
import { createBackgroundWork } from '../../../src/server/lifecycle/background-work.js';
import { expireDueOrders } from '../../../src/server/lifecycle/commands/expire-orders.js';
import { silentLogger } from '../../../src/server/log.js';
import { issueKey } from '../../../src/server/merchants/api-key-store.js';
import { openMerchant } from '../../../src/server/merchants/open-merchant.js';
import { ORDER_CHANGES_CHANNEL } from '../../../src/server/orders/order-changes.js';
import { openChangeFeed } from '../../../src/server/store/change-feed.js';
import type { Db } from '../../../src/server/store/db.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { DEMO_MERCHANT, incomeBody, json, sign, type TestApp, testConfig } from '../support/test-app.js';
import { openTestDb, storeKind } from '../support/test-db.js';
import {
  claim,
  count,
  createIncome,
  createLifecycleApp,
  freshUtr,
  orderRow,
} from './support/lifecycle-fixture.js';

const TTL_MS = 15 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

async function expiryTrail(db: Db, paymentUid: string) {
  const [events, outbox] = await Promise.all([
    db.query(`SELECT 1 FROM order_events WHERE payment_uid = $1 AND to_status = 'overdue'`, [paymentUid]),
    db.query(`SELECT 1 FROM outbox WHERE payment_uid = $1 AND payment_status = 'overdue'`, [paymentUid]),
  ]);
  return { events: events.length, outbox: outbox.length };
}

describe('the expiry sweep', () => {
  it('moves a pending collection to overdue at its expiry time, not before, and only once', async () => {
    const uid = await createIncome(t);
    const { expires_at } = await orderRow(t, uid);
    expect(expires_at?.getTime()).toBe(t.clock.now().getTime() + TTL_MS);

    t.clock.advance(TTL_MS - 1000);
    await expireDueOrders(t.db, t.clock.now());
    expect((await orderRow(t, uid)).payment_status).toBe('pending');

    t.clock.advance(1000);
    await expireDueOrders(t.db, t.clock.now());
    const order = await orderRow(t, uid);
    expect(order.payment_status).toBe('overdue');
    expect(order.status_changed_at.getTime()).toBe(t.clock.now().getTime());

    t.clock.advance(60_000);
    await expireDueOrders(t.db, t.clock.now());
    expect(await expiryTrail(t.db, uid)).toEqual({ events: 1, outbox: 1 });
  });

  it('leaves an order alone once its payer has claimed a UTR', async () => {
    const uid = await createIncome(t);
    await claim(t, uid, freshUtr());
    t.clock.advance(TTL_MS * 2);
    await expireDueOrders(t.db, t.clock.now());
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
  });

  it('never expires a payout', async () => {
    const rows = await t.db.query(
      `SELECT 1 FROM orders WHERE transaction_type = 'expense' AND expires_at IS NOT NULL`,
    );
    expect(rows).toEqual([]);
  });

  it('expires each order once when several sweeps run at the same time', async () => {
    const uids = await Promise.all(Array.from({ length: 12 }, () => createIncome(t)));
    t.clock.advance(TTL_MS);
    const now = t.clock.now();
    const results = await Promise.all([
      expireDueOrders(t.db, now, 5),
      expireDueOrders(t.db, now, 5),
      expireDueOrders(t.db, now, 5),
    ]);
    // Whatever each sweep took, the rest is taken by the next pass.
    for (let pass = 0; pass < 3; pass++) results.push(await expireDueOrders(t.db, now, 5));
    expect(results.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(uids.length);
    for (const uid of uids) {
      expect((await orderRow(t, uid)).payment_status).toBe('overdue');
      expect(await expiryTrail(t.db, uid)).toEqual({ events: 1, outbox: 1 });
    }
  });

  it('runs as part of the background pass, whose commits announce the change and the callback', async () => {
    const uid = await createIncome(t);
    const work = createBackgroundWork({ db: t.db, clock: t.clock, log: silentLogger, channel: undefined });
    t.clock.advance(TTL_MS);
    const pass = await work.runOnce();
    expect(pass.expired).toBeGreaterThanOrEqual(1);
    await t.heard.settle();
    expect(t.heard.orders.filter((heard) => heard === uid)).toHaveLength(1);
    expect(t.heard.outbox.filter((heard) => heard === uid)).toHaveLength(1);
    expect((await orderRow(t, uid)).payment_status).toBe('overdue');
    expect(await work.runOnce()).toEqual({ expired: 0, unpaid: 0, payouts: 0, cleared: 0 });
    await t.heard.settle();
    expect(t.heard.outbox.filter((heard) => heard === uid)).toHaveLength(1);
  });
});

describe('expiry across a restart', () => {
  /** The service's state that survives a restart is the store; everything else is made anew. */
  async function service(db: Db, clock: ManualClock) {
    const deps: AppDeps = {
      config: testConfig(),
      db,
      clock,
      log: silentLogger,
      metrics: createMetrics(),
      changes: await openChangeFeed(db, [ORDER_CHANGES_CHANNEL], silentLogger),
    };
    return { app: createApp(deps), work: createBackgroundWork({ ...deps, channel: undefined }) };
  }

  it('expires an order due while the service was down exactly once after it starts again', async () => {
    const dataDir = storeKind === 'pglite' ? await mkdtemp(join(tmpdir(), 'gateway-expiry-')) : undefined;
    const clock = new ManualClock();
    const first = await openTestDb(dataDir ? { dataDir } : {});
    let second: Db | undefined;
    try {
      const config = testConfig();
      const key = await first.transaction(async (tx) => {
        const merchant = await openMerchant(tx, DEMO_MERCHANT, clock.now());
        return issueKey(tx, config.secretKey, merchant.uid, clock.now());
      });
      const { app } = await service(first, clock);
      const body = incomeBody(key.merchant_uid);
      const created = await app.request('/gateway/api/order/new', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'OC-Key': key.api_key,
          'OC-Signature': sign(key.api_secret, body),
        },
        body: JSON.stringify(body),
      });
      expect(created.status).toBe(200);
      const uid: string = (await json(created)).data.payment.payment_uid;

      // The process stops; time passes; a new process opens the same store.
      if (dataDir) await first.close();
      clock.advance(TTL_MS + 5 * 60 * 1000);
      second = dataDir ? await openTestDb({ dataDir }) : await openPgDb(first.url ?? '');
      const restarted = await service(second, clock);

      expect((await restarted.work.runOnce()).expired).toBe(1);
      expect(await restarted.work.runOnce()).toEqual({ expired: 0, unpaid: 0, payouts: 0, cleared: 0 });
      clock.advance(TTL_MS);
      expect((await restarted.work.runOnce()).expired).toBe(0);

      const [order] = await queryRows(
        second,
        z.object({ payment_status: z.string() }),
        'SELECT payment_status FROM orders WHERE payment_uid = $1',
        [uid],
      );
      expect(order?.payment_status).toBe('overdue');
      expect(await expiryTrail(second, uid)).toEqual({ events: 1, outbox: 1 });
      const [events] = await queryRows(
        second,
        z.object({ n: z.number() }),
        'SELECT count(*)::int AS n FROM order_events WHERE payment_uid = $1',
        [uid],
      );
      expect(events?.n).toBe(2);
    } finally {
      await second?.close();
      if (!dataDir) await first.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the store after these sweeps', () => {
  it('holds no overdue order without an expiry event in its history', async () => {
    expect(
      await count(
        t,
        `orders o WHERE payment_status = 'overdue' AND NOT EXISTS
           (SELECT 1 FROM order_events e WHERE e.payment_uid = o.payment_uid AND e.cause = 'expiry')`,
      ),
    ).toBe(0);
  });
});
