import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../src/server/store/db.js';
import {
  type EmbeddedStoreThread,
  openPgliteDb,
  type PgliteDb,
} from '../../../src/server/store/pglite-db.js';
import { migratedTemplate } from '../support/test-db.js';

/** The embedded store on its own thread (the default) and on the service's thread give the same answers. */
describe.each<EmbeddedStoreThread>(['worker', 'main'])('the embedded store on the %s thread', (thread) => {
  let db: PgliteDb | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });
  const open = async (): Promise<PgliteDb> => {
    db = await openPgliteDb('memory://', undefined, thread);
    await db.exec('CREATE TABLE t (id int8 PRIMARY KEY, at timestamptz, raw bytea, tags text[])');
    return db;
  };

  it('reads back numbers, times, bytes and arrays as it was given them', async () => {
    const store = await open();
    const at = new Date('2026-11-29T01:02:03.456Z');
    await store.query('INSERT INTO t VALUES ($1, $2, $3, $4)', [
      7,
      at,
      new Uint8Array([1, 2, 255]),
      ['a', 'b'],
    ]);
    expect(await store.query('SELECT * FROM t')).toEqual([
      { id: 7, at, raw: new Uint8Array([1, 2, 255]), tags: ['a', 'b'] },
    ]);
  });

  it("gives PostgreSQL's error code and constraint, and goes on answering", async () => {
    const store = await open();
    await store.query('INSERT INTO t (id) VALUES (1)');
    const error = await store.query('INSERT INTO t (id) VALUES (1)').catch((caught: unknown) => caught);
    expect(isUniqueViolation(error, 't_pkey')).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(await store.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 1 }]);
  });

  it('commits a transaction whole, rolls one back whole when it throws, and runs nothing else between', async () => {
    const store = await open();
    let inside: Promise<unknown[]> | undefined;
    await store.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (1)');
      // A statement outside the transaction waits for it: it sees the commit, never the middle.
      inside = store.query('SELECT count(*)::int AS n FROM t');
      await tx.query('INSERT INTO t (id) VALUES (2)');
    });
    expect(await inside).toEqual([{ n: 2 }]);
    const failed = await store
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (3)');
        throw new Error('give up');
      })
      .catch((error: unknown) => error);
    expect(failed).toEqual(new Error('give up'));
    expect(await store.query('SELECT id FROM t ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('hears a notification once its transaction commits, and starts from a dump of another instance', async () => {
    const store = await open();
    const heard: string[] = [];
    const listening = await store.listen(['changes'], {
      notify: (channel, payload) => heard.push(`${channel}:${payload}`),
      lost: () => undefined,
      resumed: () => undefined,
    });
    await store.transaction((tx) => tx.query(`SELECT pg_notify('changes', 'one')`));
    await store.query('INSERT INTO t (id) VALUES (9)');
    expect(heard).toEqual(['changes:one']);
    await listening.close();
    const copy = await openPgliteDb('memory://', await store.dump(), thread);
    try {
      expect(await copy.query('SELECT id FROM t')).toEqual([{ id: 9 }]);
    } finally {
      await copy.close();
    }
  });
});

describe('the embedded store on its own thread', () => {
  it("leaves the service's event loop turning while a statement runs", async () => {
    const db = await openPgliteDb('memory://', await migratedTemplate());
    try {
      let done = false;
      const slow = db.query('SELECT pg_sleep(0.3)').finally(() => {
        done = true;
      });
      let turns = 0;
      while (!done) {
        await nextTurn();
        turns++;
      }
      await slow;
      // On the service's thread the statement would hold the loop: one turn, when it is over.
      expect(turns).toBeGreaterThan(10);
    } finally {
      await db.close();
    }
  });
});
