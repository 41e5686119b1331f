import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { silentLogger } from '../../../src/server/log.js';
import { ORDER_CHANGES_CHANNEL } from '../../../src/server/orders/order-changes.js';
import { type FeedState, openChangeFeed } from '../../../src/server/store/change-feed.js';
import type { Db, Queryable } from '../../../src/server/store/db.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { type HeardChanges, hearChanges } from '../support/heard-changes.js';
import { openTestDb, storeKind, type TestDb } from '../support/test-db.js';

const WAIT = { timeout: 20_000, interval: 20 };

/** What the store's triggers send, sent by hand (the triggers are tested with real changes). */
const announceOrderChange = (tx: Queryable, paymentUid: string) =>
  tx.query('SELECT pg_notify($1, $2)', [ORDER_CHANGES_CHANNEL, paymentUid]);

describe(`the change feed (${storeKind})`, () => {
  let db: TestDb;
  let heard: HeardChanges;

  beforeEach(async () => {
    db = await openTestDb();
    heard = await hearChanges(db);
  });
  afterEach(async () => {
    await heard.feed.close();
    await db.close();
  });

  it('hears a change announced in a transaction once it commits, and never one rolled back', async () => {
    await db.transaction((tx) => announceOrderChange(tx, 'committed-order'));
    await db
      .transaction(async (tx) => {
        await announceOrderChange(tx, 'rolled-back-order');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await heard.settle();
    expect(heard.orders).toEqual(['committed-order']);
  });

  it('fans one notification out to every subscriber of the process', async () => {
    const seen: string[] = [];
    const stop = heard.feed.on(ORDER_CHANGES_CHANNEL, (uid) => {
      if (!uid.startsWith('marker-')) seen.push(`second:${uid}`);
    });
    await db.transaction((tx) => announceOrderChange(tx, 'order-a'));
    await heard.settle();
    stop();
    await db.transaction((tx) => announceOrderChange(tx, 'order-b'));
    await heard.settle();
    expect(heard.orders).toEqual(['order-a', 'order-b']);
    expect(seen).toEqual(['second:order-a']);
  });
});

describe.runIf(storeKind === 'postgres')('the change feed on PostgreSQL', () => {
  let db: TestDb;
  let other: Db;

  beforeEach(async () => {
    db = await openTestDb();
    other = await openPgDb(db.url ?? '');
  });
  afterEach(async () => {
    await other.close();
    await db.close();
  });

  it('hears a change committed by another process on the same database', async () => {
    const heard = await hearChanges(db);
    await other.transaction((tx) => announceOrderChange(tx, 'from-elsewhere'));
    await vi.waitFor(() => expect(heard.orders).toEqual(['from-elsewhere']), WAIT);
  });

  it('listens again after its connection is terminated, and says so', async () => {
    const states: FeedState[] = [];
    const feed = await openChangeFeed(db, [ORDER_CHANGES_CHANNEL], silentLogger);
    const heard: string[] = [];
    feed.on(ORDER_CHANGES_CHANNEL, (uid) => heard.push(uid));
    feed.onState((state) => states.push(state));
    const terminated = await queryRows(
      other,
      z.object({ ok: z.boolean() }),
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    expect(terminated).toEqual([{ ok: true }]);
    await vi.waitFor(() => expect(states).toEqual(['lost', 'resumed']), WAIT);
    expect(feed.live).toBe(true);
    await other.transaction((tx) => announceOrderChange(tx, 'after-recovery'));
    await vi.waitFor(() => expect(heard).toEqual(['after-recovery']), WAIT);
    await feed.close();
  });
});
