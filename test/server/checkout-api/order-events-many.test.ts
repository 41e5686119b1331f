import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFailed } from 'vitest';
import { openPgliteDb } from '../../../src/server/store/pglite-db.js';
import { claim, createIncome, credit, freshUtr, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { serveOverNode } from '../support/node-server.js';
import type { SseReader } from '../support/sse-reader.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { migratedTemplate, openTestDb, postgresUrl, type TestDb } from '../support/test-db.js';

const ORDERS = 24;
const statusOf = (data: string) =>
  (JSON.parse(data) as { data: { payment_status: string } }).data.payment_status;

/** The embedded store on a worker thread of its own, whatever the run's store. */
async function pgliteOnWorker(): Promise<TestDb> {
  const db = await openPgliteDb('memory://', await migratedTemplate(), 'worker');
  return Object.assign(db, { url: undefined });
}

async function serve(db: TestDb) {
  return serveOverNode(await createTestApp({ db, app: { payerLimits: UNLIMITED } }));
}

/** Every status the stream sends until it ends (it ends once the order is final). */
async function statuses(stream: SseReader): Promise<string[]> {
  return (await stream.rest()).map((event) => statusOf(event.data));
}

async function payOne(t: TestApp, utr: string): Promise<void> {
  expect((await credit(t, utr, '100.00')).status).toBe(201);
}

const stores: [string, () => Promise<TestDb>][] = [['embedded store on its thread', pgliteOnWorker]];
if (postgresUrl()) stores.push(['PostgreSQL', () => openTestDb({ kind: 'postgres' })]);

describe.each(stores)('many event streams at once (%s)', (_name, openStore) => {
  it('gives every stream its completed event, credits posted together or as the stream opens', async () => {
    // Where the test was when it failed (a stream that never opens shows as a timeout).
    let phase = 'opening the store';
    onTestFailed(() => {
      console.error(`failed while ${phase}`);
    });
    const s = await serve(await openStore());
    try {
      phase = 'creating orders and claiming their UTRs';
      const orders = await Promise.all(
        Array.from({ length: ORDERS }, async () => {
          const uid = await createIncome(s.t);
          const utr = freshUtr();
          expect((await claim(s.t, uid, utr)).status).toBe(200);
          return { uid, utr };
        }),
      );
      const early = orders.slice(0, ORDERS / 2);
      const late = orders.slice(ORDERS / 2);
      // Half the streams are open and have their first event when the credits arrive, all at once.
      phase = 'opening the first streams';
      const earlyStreams = await Promise.all(
        early.map(async ({ uid }) => {
          const stream = await s.open(uid);
          expect(statusOf((await stream.next())?.data ?? '')).toBe('processing');
          return stream;
        }),
      );
      const earlyHeard = earlyStreams.map(statuses);
      // The other half open while their credit is being posted.
      phase = 'posting the credits and opening the other streams';
      const [lateHeard] = await Promise.all([
        // Wrapped, so that this waits for the streams to open, not to end.
        Promise.all(late.map(async ({ uid }) => ({ heard: statuses(await s.open(uid)) }))),
        Promise.all(late.map(({ utr }) => payOne(s.t, utr))),
        Promise.all(early.map(({ utr }) => payOne(s.t, utr))),
      ]);
      // Every credit was answered, so every order is completed in the store: a stream still open
      // then waits for a push that will not come (the wait is bounded only so that the test names
      // those streams instead of timing out).
      phase = 'waiting for every stream to end';
      const ended = await Promise.all(
        [...earlyHeard, ...lateHeard.map(({ heard }) => heard)].map((heard) =>
          Promise.race([heard, sleep(60_000).then(() => undefined)]),
        ),
      );
      const missed = orders.flatMap(({ uid }, i) => {
        const heard = ended[i];
        return heard?.at(-1) === 'completed' ? [] : [`${uid}: ${heard ? heard.join(',') : 'still open'}`];
      });
      expect(missed).toEqual([]);
    } finally {
      await s.close();
    }
  }, 240_000);
});
