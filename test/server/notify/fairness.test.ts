/**
 * One merchant cannot slow the others: a merchant's endpoint that hangs or never answers keeps at
 * most its cap of attempts in flight, the others' callbacks are attempted meanwhile, and after
 * repeated non-answers it is backed off as a whole (injected clock) without losing a callback.
 * The transport is injected: "hanging" is a promise the test settles, so nothing waits on time.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DeliverCallback, DeliveryOutcome } from '../../../src/server/notify/deliver-callback.js';
import { createMerchantBreaker, DEFAULT_BREAKER } from '../../../src/server/notify/merchant-breaker.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { createOrder, createShop, moveOrder, type Shop } from './support/callback-fixture.js';
import { useDispatcherContext } from './support/dispatcher-setup.js';

const t = useDispatcherContext();

const HANGING = 'https://hanging.example/notify';
const HEALTHY = 'https://healthy.example/notify';
const ACK: DeliveryOutcome = {
  acknowledged: true,
  httpStatus: 200,
  latencyMs: 1,
  snippet: 'SUCCESS',
  error: '',
};
const TIMEOUT: DeliveryOutcome = {
  acknowledged: false,
  httpStatus: null,
  latencyMs: 10_000,
  snippet: '',
  error: 'timeout after 10000 ms',
};

async function queue(shop: Shop, url: string, count: number): Promise<string[]> {
  const uids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const order = await createOrder(t.db, shop, url, t.clock.now());
    await moveOrder(t.db, order.payment_uid, 'processing', t.clock.now());
    uids.push(order.payment_uid);
  }
  return uids;
}

async function pendingRows(url: string): Promise<number> {
  const [row] = await queryRows(
    t.db,
    z.object({ n: z.number() }),
    `SELECT count(*)::int AS n FROM outbox x JOIN orders o ON o.payment_uid = x.payment_uid
     WHERE o.notify_url = $1 AND x.state = 'pending'`,
    [url],
  );
  return row?.n ?? 0;
}

describe('fair callback delivery', () => {
  it("attempts a healthy merchant's callback while another merchant's endpoint hangs with a queue", async () => {
    const slow = await createShop(t.db, t.clock.now());
    const other = await createShop(t.db, t.clock.now());
    await queue(slow, HANGING, 12);
    const [healthyUid] = await queue(other, HEALTHY, 1);

    const hanging: Array<() => void> = [];
    const attempted: string[] = [];
    const deliver: DeliverCallback = (request) => {
      attempted.push(request.url);
      if (request.url !== HANGING) return Promise.resolve(ACK);
      return new Promise((resolve) => hanging.push(() => resolve(TIMEOUT)));
    };
    const dispatcher = t.dispatcher({ deliver, concurrency: 8 });

    await dispatcher.launch();
    await dispatcher.launch();
    // Give the started attempts their turn to reach the transport.
    await expect.poll(() => attempted.includes(HEALTHY), { timeout: 30_000 }).toBe(true);
    // The hanging merchant's started attempts reach the transport in their own time on a busy
    // machine: wait for them, then hold that no more than its cap were started.
    await expect
      .poll(() => attempted.filter((url) => url === HANGING).length, { timeout: 30_000 })
      .toBe(DEFAULT_BREAKER.startCap);
    await expect
      .poll(async () => (await t.reread(healthyUid ?? '')).notify_status, { timeout: 30_000 })
      .toBe('completed');

    expect(attempted.filter((url) => url === HANGING)).toHaveLength(DEFAULT_BREAKER.startCap);
    for (const settle of hanging) settle();
    await dispatcher.stop();
    expect(await pendingRows(HANGING)).toBe(12);
  });

  it('backs off a merchant whose endpoint never answers, keeps its callbacks, and tries again later', async () => {
    const slow = await createShop(t.db, t.clock.now());
    const other = await createShop(t.db, t.clock.now());
    await queue(slow, HANGING, 12);
    let slowAnswers = false;
    const attempted: string[] = [];
    const deliver: DeliverCallback = async (request) => {
      attempted.push(request.url);
      return request.url === HEALTHY || slowAnswers ? ACK : TIMEOUT;
    };
    const dispatcher = t.dispatcher({ deliver, concurrency: 8 });
    const slowAttempts = () => attempted.filter((url) => url === HANGING).length;

    // Attempts without an answer, up to the threshold; then the merchant is left alone.
    // (The attempts in flight when it trips, at most its cap, still count as attempts.)
    for (let pass = 0; pass < 4; pass += 1) await dispatcher.runOnce();
    const tripped = slowAttempts();
    expect(tripped).toBeGreaterThanOrEqual(DEFAULT_BREAKER.threshold);
    expect(tripped).toBeLessThan(DEFAULT_BREAKER.threshold + DEFAULT_BREAKER.startCap);
    await queue(other, HEALTHY, 3);
    await dispatcher.runOnce();
    await dispatcher.runOnce();
    expect(attempted.filter((url) => url === HEALTHY)).toHaveLength(3);
    expect(slowAttempts()).toBe(tripped);
    expect(await pendingRows(HANGING)).toBe(12);

    // After the back-off, one probe; it fails, so a longer back-off follows.
    t.clock.advance(DEFAULT_BREAKER.baseBackoffMs + 1);
    await dispatcher.runOnce();
    expect(slowAttempts()).toBe(tripped + 1);
    t.clock.advance(DEFAULT_BREAKER.baseBackoffMs + 1);
    await dispatcher.runOnce();
    expect(slowAttempts()).toBe(tripped + 1);

    // Once the endpoint answers again, its queue drains and nothing was lost.
    slowAnswers = true;
    t.clock.advance(2 * DEFAULT_BREAKER.baseBackoffMs + 1);
    for (let pass = 0; pass < 20 && (await pendingRows(HANGING)) > 0; pass += 1) {
      t.clock.advance(60 * 60_000);
      await dispatcher.runOnce();
    }
    expect(await pendingRows(HANGING)).toBe(0);
    const [done] = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      `SELECT count(*)::int AS n FROM outbox x JOIN orders o ON o.payment_uid = x.payment_uid
       WHERE o.notify_url = $1 AND x.state = 'done'`,
      [HANGING],
    );
    expect(done?.n).toBe(12);
  });
});

describe('a merchant cap', () => {
  it('grows while the endpoint answers, halves when it does not, and never takes the last slot', () => {
    const breaker = createMerchantBreaker(8);
    const capOf = (uid: string) => {
      const room = breaker.room(0);
      return room.perMerchant - (room.busy.get(uid) ?? room.unknownBusy);
    };
    expect(capOf('M1')).toBe(DEFAULT_BREAKER.startCap);
    for (let i = 0; i < 3; i += 1) {
      breaker.started('M1');
      breaker.finished('M1', true, 0);
    }
    expect(capOf('M1')).toBe(DEFAULT_BREAKER.startCap + 3);
    for (let i = 0; i < 10; i += 1) {
      breaker.started('M1');
      breaker.finished('M1', true, 0);
    }
    expect(capOf('M1')).toBe(8 - DEFAULT_BREAKER.reserve);
    breaker.started('M1');
    breaker.finished('M1', false, 0);
    expect(capOf('M1')).toBe(Math.floor((8 - DEFAULT_BREAKER.reserve) / 2));
  });
});
