import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../../../src/server/clock.js';
import { createMetrics } from '../../../src/server/http/metrics.js';
import { silentLogger } from '../../../src/server/log.js';
import { listAttemptsForOrder } from '../../../src/server/notify/callback-attempt-store.js';
import { createDispatcher } from '../../../src/server/notify/dispatcher.js';
import { claimDue } from '../../../src/server/notify/outbox-store.js';
import { RETRY_DELAYS_MS } from '../../../src/server/notify/retry-schedule.js';
import { findOrder } from '../../../src/server/orders/order-store.js';
import type { Db } from '../../../src/server/store/db.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { openPgliteDb } from '../../../src/server/store/pglite-db.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { openTestDb } from '../support/test-db.js';
import { createOrder, createShop, moveOrder } from './support/callback-fixture.js';
import { startReceiver } from './support/callback-receiver.js';
import { DELIVERY_TIMEOUT_MS, dispatcherConfig, useDispatcherContext } from './support/dispatcher-setup.js';

describe('the callback dispatcher across processes', () => {
  const t = useDispatcherContext();

  it('retries a row whose lease was left by a process that died, once the lease expires', async () => {
    await t.orderNotified();
    const now = t.clock.now();
    await t.db.transaction((tx) => claimDue(tx, 'dead-worker', now, new Date(now.getTime() + 60_000), 10));
    const worker = t.dispatcher();
    expect(await worker.runOnce()).toBe(0);
    t.clock.advance(60_000);
    expect(await worker.runOnce()).toBe(1);
    expect(t.receiver.hits).toHaveLength(1);
  });

  it('never lets two dispatchers over one database attempt the same row', async () => {
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await t.orderNotified());
    // Each answer takes long enough that one dispatcher cannot drain the queue alone before the
    // other's first claim, however slow the machine is to start it (no timing is asserted).
    t.receiver.delayMs = 250;
    // On PostgreSQL the second dispatcher has its own pool, as a second process would: connected
    // before either starts, so both claim from the first round.
    const second = t.db.url ? await openPgDb(t.db.url) : t.db;
    await second.query('SELECT 1');
    try {
      const a = t.dispatcher({ concurrency: 4 });
      const b = t.dispatcher({ db: second, concurrency: 4 });
      // Each dispatcher keeps claiming until nothing is left to deliver: a pass that finds every
      // row next in line locked by the other's claim comes back empty, and tries again.
      const pending = async () =>
        (
          await queryRows(
            t.db,
            z.object({ n: z.number() }),
            `SELECT count(*)::int AS n FROM outbox WHERE state = 'pending'`,
          )
        )[0]?.n ?? 0;
      const drain = async (worker: typeof a) => {
        let total = 0;
        for (let round = 0; round < 2_000 && (await pending()) > 0; round++) {
          const handled = await worker.runOnce();
          total += handled;
          if (handled === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return total;
      };
      const [byA, byB] = await Promise.all([drain(a), drain(b)]);
      expect(byA + byB).toBe(20);
      if (t.db.url) expect(Math.min(byA, byB)).toBeGreaterThan(0);
    } finally {
      if (second !== t.db) await second.close();
    }
    expect(t.receiver.hits).toHaveLength(20);
    expect(new Set(t.receiver.hits.map((hit) => hit.fields.payment_uid)).size).toBe(20);
  });

  it('delivers when woken and while polling, and waits for attempts in flight when stopped', async () => {
    const worker = t.dispatcher({ pollIntervalMs: 20 });
    worker.start();
    const order = await t.orderNotified();
    worker.wake();
    await expect.poll(() => t.receiver.hits.length, { timeout: 20_000 }).toBe(1);
    t.receiver.delayMs = 100;
    await t.orderNotified();
    await expect.poll(() => t.receiver.hits.length, { timeout: 20_000 }).toBe(2);
    await worker.stop();
    expect(await t.reread(order.payment_uid)).toMatchObject({ notify_status: 'completed' });
    const rows = await queryRows(t.db, z.object({ state: z.string() }), `SELECT state FROM outbox`);
    expect(rows.every((row) => row.state === 'done')).toBe(true);
  });
});

describe('a delivery across a restart of the service', () => {
  it('is picked up by a new dispatcher over the same data, even after dying mid-attempt', async () => {
    // PGlite: a data directory closed and opened again. PostgreSQL: a new pool over the same database.
    const dataDir = await mkdtemp(join(tmpdir(), 'callbacks-'));
    const owner = await openTestDb({ dataDir });
    const reopen = (): Promise<Db> => (owner.url ? openPgDb(owner.url) : openPgliteDb(dataDir));
    const clock = new ManualClock();
    const deps = {
      clock,
      log: silentLogger,
      metrics: createMetrics(),
      config: dispatcherConfig,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    };
    let before: Db = owner.url ? await reopen() : owner;
    const shop = await createShop(before, clock.now());
    const receiver = await startReceiver((apiKey) => (apiKey === shop.apiKey ? shop.apiSecret : undefined));
    try {
      receiver.answer = 'error';
      const created = await createOrder(before, shop, receiver.url, clock.now());
      const order = await moveOrder(before, created.payment_uid, 'processing', clock.now());
      const first = createDispatcher({ ...deps, db: before });
      expect(await first.runOnce()).toBe(1);
      // At the next retry the process claims the row and dies before finishing the attempt.
      clock.advance(RETRY_DELAYS_MS[0] ?? 0);
      const now = clock.now();
      await before.transaction((tx) => claimDue(tx, first.worker, now, new Date(now.getTime() + 60_000), 10));
      await first.stop();
      await before.close();

      const after = await reopen();
      before = after;
      receiver.answer = 'success';
      const second = createDispatcher({ ...deps, db: after });
      expect(await second.runOnce()).toBe(0);
      clock.advance(60_000);
      expect(await second.runOnce()).toBe(1);

      expect(receiver.hits.map((hit) => hit.fields.payment_uid)).toEqual([
        order.payment_uid,
        order.payment_uid,
      ]);
      expect((await findOrder(after, order.payment_uid))?.notify_status).toBe('completed');
      const attempts = await listAttemptsForOrder(after, order.payment_uid);
      expect(attempts.map((attempt) => [attempt.attempt, attempt.worker])).toEqual([
        [1, first.worker],
        [2, second.worker],
      ]);
    } finally {
      await receiver.close();
      if (owner.url) await before.close();
      await owner.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
