import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { changeStatus } from '../../../src/server/lifecycle/change-status.js';
import { lockOrder } from '../../../src/server/orders/order-store.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { claim, createIncome, credit, freshUtr, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { readSse, type SseReader } from '../support/sse-reader.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';

const WAIT = { timeout: 20_000, interval: 20 };
const LIMITS = { ...UNLIMITED, streams: { perOrder: 3, perClient: 4 } };

const events = (t: TestApp, uid: string, headers: Record<string, string> = {}) =>
  t.app.request(`/checkout/api/orders/${uid}/events`, { headers });
const poll = async (t: TestApp, uid: string) => json(await t.app.request(`/checkout/api/orders/${uid}`));
const viewOf = (data: string) => JSON.parse(data) as { result: string; data: Record<string, unknown> };

describe(`GET /checkout/api/orders/:payment_uid/events (${storeKind})`, () => {
  let t: TestApp;
  const readers: SseReader[] = [];
  const open = async (uid: string, headers: Record<string, string> = {}, app = t) => {
    const response = await events(app, uid, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = readSse(response);
    readers.push(reader);
    return reader;
  };

  beforeEach(async () => {
    t = await createTestApp({ app: { payerLimits: LIMITS } });
  });
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((reader) => reader.close().catch(() => undefined)));
    await t.close();
  });

  it('sends the payer view on connect, then after every change, and ends once the order is final', async () => {
    const uid = await createIncome(t);
    const stream = await open(uid);
    const first = await stream.next();
    expect(viewOf(first?.data ?? '')).toMatchObject({
      result: 'success',
      data: { payment_uid: uid, payment_status: 'pending', utr: null },
    });
    const { server_time: _a, ...polled } = (await poll(t, uid)).data;
    const { server_time: _b, ...streamed } = viewOf(first?.data ?? '').data;
    expect(streamed).toEqual(polled);

    const utr = freshUtr();
    expect((await claim(t, uid, utr)).status).toBe(200);
    const second = await stream.next();
    expect(viewOf(second?.data ?? '').data).toMatchObject({ payment_status: 'processing', utr });
    expect(Number(second?.id)).toBeGreaterThan(Number(first?.id));

    expect((await credit(t, utr, '100.00')).status).toBe(201);
    const last = await stream.rest();
    expect(last.map((event) => viewOf(event.data).data.payment_status)).toEqual(['completed']);
  });

  it('ends open streams when the service shuts down, and a stream opened after that sends the view and ends', async () => {
    const shutdown = new AbortController();
    const stopping = await createTestApp({ app: { payerLimits: LIMITS, signal: shutdown.signal } });
    try {
      const uid = await createIncome(stopping);
      const before = await open(uid, {}, stopping);
      expect(viewOf((await before.next())?.data ?? '').data).toMatchObject({ payment_status: 'pending' });
      shutdown.abort();
      expect(await before.rest()).toEqual([]);
      const after = await open(uid, {}, stopping);
      const events = await after.rest();
      expect(events.map((event) => viewOf(event.data).data.payment_status)).toEqual(['pending']);
    } finally {
      await Promise.all(readers.splice(0).map((reader) => reader.close().catch(() => undefined)));
      await stopping.close();
    }
  });

  it('resumes after Last-Event-ID without resending what the client has, and without a gap', async () => {
    const uid = await createIncome(t);
    const first = await (await open(uid)).next();
    const resumed = await open(uid, { 'Last-Event-ID': first?.id ?? '' });
    const utr = freshUtr();
    expect((await claim(t, uid, utr)).status).toBe(200);
    const next = await resumed.next();
    expect(viewOf(next?.data ?? '').data).toMatchObject({ payment_status: 'processing', utr });

    // A client that missed the change while away gets the current state at once.
    const late = await open(uid, { 'Last-Event-ID': first?.id ?? '' });
    expect(viewOf((await late.next())?.data ?? '').data).toMatchObject({ payment_status: 'processing' });
  });

  it('sends a second UTR claim, which changes the view but not the status', async () => {
    const uid = await createIncome(t);
    const stream = await open(uid);
    await stream.next();
    await claim(t, uid, freshUtr());
    const processing = await stream.next();
    const second = freshUtr();
    await claim(t, uid, second);
    const next = await stream.next();
    expect(viewOf(next?.data ?? '').data).toMatchObject({ payment_status: 'processing', utr: second });
    expect(viewOf(next?.data ?? '').data.utr_attempts_left).toBe(
      (viewOf(processing?.data ?? '').data.utr_attempts_left as number) - 1,
    );
    expect(Number(next?.id)).toBeGreaterThan(Number(processing?.id));
  });

  it('ignores a malformed or unknown Last-Event-ID and sends the full state', async () => {
    const uid = await createIncome(t);
    for (const id of ['abc', '-1', '99999999', '1e3']) {
      const stream = await open(uid, { 'Last-Event-ID': id });
      expect(viewOf((await stream.next())?.data ?? '').data).toMatchObject({ payment_uid: uid });
      await stream.close();
      readers.pop();
    }
  });

  it('sends one event for a final order and ends', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '100.00');
    const stream = await open(uid);
    const all = await stream.rest();
    expect(all.map((event) => viewOf(event.data).data.payment_status)).toEqual(['completed']);
  });

  it('answers an unknown or malformed payment_uid with 404 in the error shape, before any stream', async () => {
    for (const uid of ['00000000-0000-4000-8000-000000000000', 'not-a-uid']) {
      const response = await events(t, uid);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect((await json(response)).data.error).toBe('not_found');
    }
  });

  it('refuses more than a few open streams per order and per client with 429', async () => {
    const uid = await createIncome(t);
    await open(uid);
    await open(uid);
    await open(uid);
    const fourth = await events(t, uid);
    expect(fourth.status).toBe(429);
    expect((await json(fourth)).data.error).toBe('rate_limited');

    const other = await createIncome(t);
    await open(other);
    const overClient = await events(t, await createIncome(t));
    expect(overClient.status).toBe(429);
  });

  it('lets a closed stream go: its place is free again', async () => {
    const uid = await createIncome(t);
    const a = await open(uid);
    await a.next();
    await open(uid);
    await open(uid);
    await a.close();
    await vi.waitFor(async () => {
      const again = await events(t, uid);
      if (again.status === 200) readers.push(readSse(again));
      expect(again.status).toBe(200);
    }, WAIT);
  });

  it("takes a token from the poll's per-address bucket: once polls used it up, a stream is refused before it starts", async () => {
    const limited = await createTestApp({
      app: { payerLimits: { ...LIMITS, poll: { burst: 3, perSecond: 0.001 } } },
    });
    try {
      const uid = await createIncome(limited);
      for (let i = 0; i < 3; i++)
        expect((await limited.app.request(`/checkout/api/orders/${uid}`)).status).toBe(200);
      const refused = await events(limited, uid);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await json(refused)).data.error).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('frees the places of clients that drop their connection, round after round (real sockets)', async () => {
    const server = createAdaptorServer({ fetch: t.app.fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    /** Opens the stream over a socket of its own: the status, and once 200 the first event's arrival. */
    const openRaw = (uid: string) =>
      new Promise<{ status: number; drop: () => void }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: `/checkout/api/orders/${uid}/events`, agent: false },
          (res) => {
            if (res.statusCode !== 200) {
              res.resume();
              resolve({ status: res.statusCode ?? 0, drop: () => req.destroy() });
              return;
            }
            res.once('data', () => resolve({ status: 200, drop: () => req.destroy() }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      const uid = await createIncome(t);
      // The order's three places (LIMITS.streams.perOrder), taken and dropped ten times: a place
      // not given back would refuse every later round.
      for (let round = 0; round < 10; round++) {
        const held: Array<() => void> = [];
        for (let i = 0; i < LIMITS.streams.perOrder; i++) {
          await vi.waitFor(async () => {
            const stream = await openRaw(uid);
            if (stream.status !== 200) stream.drop();
            expect(stream.status).toBe(200);
            held.push(stream.drop);
          }, WAIT);
        }
        for (const drop of held) drop();
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends heartbeat comments while nothing changes', async () => {
    const beating = await createTestApp({ app: { payerLimits: LIMITS, heartbeatMs: 10 } });
    try {
      const uid = await createIncome(beating);
      const stream = await open(uid, {}, beating);
      await stream.next();
      const utr = freshUtr();
      const next = stream.next(); // reads (and counts) the comments while it waits
      await vi.waitFor(() => expect(stream.comments).toBeGreaterThan(1), WAIT);
      await claim(beating, uid, utr);
      expect(viewOf((await next)?.data ?? '').data).toMatchObject({ utr });
    } finally {
      await Promise.all(readers.splice(0).map((reader) => reader.close().catch(() => undefined)));
      await beating.close();
    }
  });
});

describe('the poll from memory', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ app: { payerLimits: LIMITS } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers an unchanged order without touching the store, and re-reads once after a change', async () => {
    const uid = await createIncome(t);
    const reads: string[] = [];
    const query = t.db.query.bind(t.db);
    t.db.query = (async (sql: string, params?: readonly never[]) => {
      reads.push(sql);
      return query(sql, params);
    }) as typeof t.db.query;
    const first = await t.app.request(`/checkout/api/orders/${uid}`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"v\d+\.[0-9a-z]+"$/);
    const afterFirst = reads.length;
    for (let i = 0; i < 3; i++) {
      const again = await t.app.request(`/checkout/api/orders/${uid}`, {
        headers: { 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);
    }
    expect(reads.length).toBe(afterFirst);

    await claim(t, uid, freshUtr());
    await t.heard.settle();
    const before = reads.length;
    const changed = await t.app.request(`/checkout/api/orders/${uid}`, {
      headers: { 'If-None-Match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await json(changed)).data.payment_status).toBe('processing');
    expect(reads.length - before).toBeLessThanOrEqual(1);
  });
});

describe.runIf(storeKind === 'postgres')('changes from another service process (PostgreSQL)', () => {
  let t: TestApp;
  let other: TestApp;
  const readers: SseReader[] = [];

  beforeEach(async () => {
    t = await createTestApp({ app: { payerLimits: LIMITS } });
    const url = t.db.url ?? '';
    other = await createTestApp({
      app: { payerLimits: LIMITS },
      db: Object.assign(await openPgDb(url), { url }),
    });
  });
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((reader) => reader.close().catch(() => undefined)));
    await other.close();
    await t.close();
  });

  it('reaches the stream and the poll of this process', async () => {
    const uid = await createIncome(t);
    expect((await poll(t, uid)).data.payment_status).toBe('pending');
    const stream = readSse(await events(t, uid));
    readers.push(stream);
    await stream.next();
    const utr = freshUtr();
    expect((await claim(other, uid, utr)).status).toBe(200);
    expect(viewOf((await stream.next())?.data ?? '').data).toMatchObject({
      payment_status: 'processing',
      utr,
    });
    await vi.waitFor(async () => expect((await poll(t, uid)).data.payment_status).toBe('processing'), WAIT);
  });

  it('gives every stream the current state after the listener was lost and came back', async () => {
    const uid = await createIncome(t);
    const stream = readSse(await events(t, uid));
    readers.push(stream);
    await stream.next();
    expect((await poll(t, uid)).data.payment_status).toBe('pending');
    // In one transaction of the other process: end this process's listener (waiting until its
    // backend is gone), then change the order. The change commits while nobody here listens.
    await other.db.transaction(async (tx) => {
      const ended = await queryRows(
        tx,
        z.object({ ok: z.boolean() }),
        `SELECT pg_terminate_backend(pid, 10000) AS ok FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      expect(ended.length).toBeGreaterThan(0);
      const order = await lockOrder(tx, uid);
      if (!order) throw new Error('no order');
      await changeStatus(tx, order, { to: 'failed', cause: 'operator', failReason: 'test' }, new Date());
    });
    const event = await stream.next();
    expect(viewOf(event?.data ?? '').data).toMatchObject({ payment_status: 'failed' });
    await vi.waitFor(async () => expect((await poll(t, uid)).data.payment_status).toBe('failed'), WAIT);
  });
});
