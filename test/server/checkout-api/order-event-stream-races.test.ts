/**
 * The stream against payer views whose reads the test holds open, so that a change can be
 * announced while a read is under way: the order in which a busy machine delivers them.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { orderEventStream } from '../../../src/server/checkout-api/order-event-stream.js';
import {
  answerHead,
  type PayerViews,
  type PayerViewVersion,
} from '../../../src/server/checkout-api/payer-views.js';
import { ManualClock } from '../../../src/server/clock.js';
import { readSse } from '../support/sse-reader.js';

function version(seq: number, status: string, final = false): PayerViewVersion {
  const view = { payment_uid: 'uid-1', payment_status: status } as unknown as PayerViewVersion['view'];
  return { seq, etag: `"v${seq}"`, view, final, answerHead: answerHead(view) };
}

/** Payer views whose every read waits for the test to answer it. */
function heldViews() {
  const watchers = new Set<() => void>();
  const reads: ((version: PayerViewVersion) => void)[] = [];
  let readsAsked = 0;
  const views: PayerViews = {
    // Nothing is known without a read.
    peek: () => undefined,
    get: () => {
      readsAsked++;
      return new Promise((resolve) => reads.push(resolve));
    },
    watch: (_uid, fn) => {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
    size: 0,
  };
  return {
    views,
    /** Announces a committed change of the order to every watcher. */
    change: () => {
      for (const fn of [...watchers]) fn();
    },
    /** Answers the oldest waiting read, once one is waiting. */
    answer: async (value: PayerViewVersion) => {
      await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThan(0);
      reads.shift()?.(value);
    },
    get readsAsked() {
      return readsAsked;
    },
  };
}

function streamApp(views: PayerViews) {
  const events = orderEventStream({
    views,
    clock: new ManualClock(new Date('2026-11-23T10:00:00Z')),
    limits: { perOrder: 4, perClient: 16 },
  });
  const app = new Hono();
  app.get('/events', (c) => events(c, 'uid-1', 'client-1'));
  return app;
}

const status = (data: string) => JSON.parse(data).data.payment_status;

describe('the event stream when changes and reads cross', () => {
  it('does not lose a change announced while the view is being read', async () => {
    const held = heldViews();
    const opening = streamApp(held.views).request('/events');
    await held.answer(version(1, 'pending')); // the route's read
    const stream = readSse(await opening);
    await held.answer(version(1, 'pending')); // read again once the watch is in place
    expect(status((await stream.next())?.data ?? '')).toBe('pending');

    held.change(); // the UTR claim commits
    // The read it starts is slow: the credit commits and is announced before it answers, and it
    // answers with the view from before the credit.
    await expect.poll(() => held.readsAsked, { timeout: 10_000 }).toBe(3);
    held.change();
    await held.answer(version(2, 'verifying'));
    const verifying = await stream.next();
    expect([verifying?.id, status(verifying?.data ?? '')]).toEqual(['2', 'verifying']);

    // The credit's announcement was kept: the stream reads once more and sends the final state.
    await held.answer(version(3, 'completed', true));
    const completed = await stream.next();
    expect([completed?.id, status(completed?.data ?? '')]).toEqual(['3', 'completed']);
    expect(await stream.next()).toBeUndefined();
  });

  it('does not lose a change announced between the route reading the view and the stream watching it', async () => {
    const held = heldViews();
    const opening = streamApp(held.views).request('/events');
    await held.answer(version(1, 'pending')); // the route's read, before the watch
    const stream = readSse(await opening);
    // The change committed meanwhile: the stream's own read after watching sees it.
    await held.answer(version(2, 'completed', true));
    const first = await stream.next();
    expect([first?.id, status(first?.data ?? '')]).toEqual(['2', 'completed']);
    expect(await stream.next()).toBeUndefined();
  });
});
