import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { storeRateLimiter, sweepRateLimits } from '../../../src/server/store/rate-limit-store.js';
import { openTestDb, storeKind, type TestDb } from '../support/test-db.js';

const LIMIT = { burst: 3, perSecond: 0.5 };

describe(`rate limits kept in the store (${storeKind})`, () => {
  let db: TestDb;
  afterEach(() => db.close());

  it('allows a burst, refuses with a Retry-After, and refills with time', async () => {
    db = await openTestDb();
    const clock = new ManualClock();
    const limiter = storeRateLimiter(db, 'test', LIMIT);
    for (let i = 0; i < 3; i++) expect(await limiter.take('a', clock.now())).toEqual({ allowed: true });
    expect(await limiter.take('a', clock.now())).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(await limiter.peek('a', clock.now())).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(await limiter.take('b', clock.now())).toEqual({ allowed: true });
    clock.advance(2_000);
    expect(await limiter.peek('a', clock.now())).toEqual({ allowed: true });
    expect(await limiter.take('a', clock.now())).toEqual({ allowed: true });
    expect((await limiter.take('a', clock.now())).allowed).toBe(false);
  });

  it('keeps scopes apart and never refills beyond the burst', async () => {
    db = await openTestDb();
    const clock = new ManualClock();
    const one = storeRateLimiter(db, 'one', LIMIT);
    const two = storeRateLimiter(db, 'two', LIMIT);
    for (let i = 0; i < 3; i++) await one.take('a', clock.now());
    expect((await two.take('a', clock.now())).allowed).toBe(true);
    clock.advance(3_600_000);
    for (let i = 0; i < 3; i++) expect((await one.take('a', clock.now())).allowed).toBe(true);
    expect((await one.take('a', clock.now())).allowed).toBe(false);
  });

  it('peeking takes nothing', async () => {
    db = await openTestDb();
    const clock = new ManualClock();
    const limiter = storeRateLimiter(db, 'test', LIMIT);
    for (let i = 0; i < 10; i++) expect((await limiter.peek('a', clock.now())).allowed).toBe(true);
    expect(await db.query('SELECT 1 FROM rate_limits')).toHaveLength(0);
  });

  it('forgets buckets untouched for an hour', async () => {
    db = await openTestDb();
    const clock = new ManualClock();
    const limiter = storeRateLimiter(db, 'test', LIMIT);
    await limiter.take('old', clock.now());
    clock.advance(59 * 60_000);
    await limiter.take('recent', clock.now());
    clock.advance(2 * 60_000);
    expect(await sweepRateLimits(db, clock.now())).toBe(1);
    expect(await db.query('SELECT key FROM rate_limits')).toEqual([{ key: 'recent' }]);
  });

  it.runIf(storeKind === 'postgres')(
    'holds across processes: concurrent takes through two pools never exceed the burst',
    async () => {
      db = await openTestDb();
      const other = await openPgDb(db.url as string, 4);
      try {
        const clock = new ManualClock();
        const here = storeRateLimiter(db, 'test', { burst: 10, perSecond: 0.001 });
        const there = storeRateLimiter(other, 'test', { burst: 10, perSecond: 0.001 });
        const decisions = await Promise.all(
          Array.from({ length: 30 }, (_, i) => (i % 2 ? here : there).take('shared', clock.now())),
        );
        expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
      } finally {
        await other.close();
      }
    },
  );
});
