import { request } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claim, createIncome, credit, freshUtr, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { serveOverNode } from '../support/node-server.js';
import { createTestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';

const WAIT = { timeout: 20_000, interval: 20 };
const LIMITS = { ...UNLIMITED, streams: { perOrder: 3, perClient: 4 } };
const viewOf = (data: string) => JSON.parse(data) as { result: string; data: Record<string, unknown> };

/** The app behind a real listening Node server: the stream is written to Node's response. */
async function listen(options: { signal?: AbortSignal } = {}) {
  return serveOverNode(await createTestApp({ app: { payerLimits: LIMITS, ...options } }));
}

describe(`the event stream on a Node server (${storeKind})`, () => {
  let s: Awaited<ReturnType<typeof listen>>;
  afterEach(async () => {
    await s.close();
  });

  it('sends the headers the stream always had, with the request id and nosniff', async () => {
    s = await listen();
    const uid = await createIncome(s.t);
    const head = await new Promise<{ status: number; headers: string[] }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: s.port,
          path: `/checkout/api/orders/${uid}/events`,
          agent: false,
          headers: { 'X-Request-Id': 'stream-request-1' },
        },
        (res) => {
          res.once('data', () => {
            resolve({ status: res.statusCode ?? 0, headers: res.rawHeaders });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(head.status).toBe(200);
    const pairs = [];
    for (let i = 0; i < head.headers.length; i += 2) pairs.push([head.headers[i], head.headers[i + 1]]);
    // As Hono's streamSSE sent them before the stream was written to Node's response directly.
    expect(pairs.filter(([name]) => name !== 'Date')).toEqual([
      ['X-Request-Id', 'stream-request-1'],
      ['X-Content-Type-Options', 'nosniff'],
      ['Strict-Transport-Security', 'max-age=31536000'],
      ['cache-control', 'no-cache'],
      ['connection', 'keep-alive'],
      ['content-type', 'text/event-stream'],
      ['transfer-encoding', 'chunked'],
      ['x-accel-buffering', 'no'],
    ]);
  });

  it('sends the view on connect, then every change, and ends once the order is final', async () => {
    s = await listen();
    const uid = await createIncome(s.t);
    const stream = s.read(await s.events(uid));
    const first = await stream.next();
    expect(viewOf(first?.data ?? '').data).toMatchObject({ payment_uid: uid, payment_status: 'pending' });
    const utr = freshUtr();
    expect((await claim(s.t, uid, utr)).status).toBe(200);
    const second = await stream.next();
    expect(viewOf(second?.data ?? '').data).toMatchObject({ payment_status: 'processing', utr });
    expect(Number(second?.id)).toBeGreaterThan(Number(first?.id));
    expect((await credit(s.t, utr, '100.00')).status).toBe(201);
    const rest = await stream.rest();
    expect(rest.map((event) => viewOf(event.data).data.payment_status)).toEqual(['completed']);
  });

  it('opens a resumed stream with nothing new at once, and sends the next change', async () => {
    s = await listen();
    const uid = await createIncome(s.t);
    const first = await s.read(await s.events(uid)).next();
    // The headers arrive although no event is due yet: the browser's EventSource opens.
    const resumed = s.read(await s.events(uid, { 'Last-Event-ID': first?.id ?? '' }));
    const utr = freshUtr();
    await claim(s.t, uid, utr);
    expect(viewOf((await resumed.next())?.data ?? '').data).toMatchObject({ utr });
  });

  it("gives a stream's place back when its client goes away", async () => {
    s = await listen();
    const uid = await createIncome(s.t);
    const first = s.read(await s.events(uid));
    await first.next();
    s.read(await s.events(uid));
    s.read(await s.events(uid));
    const refused = await s.events(uid);
    expect(refused.status).toBe(429);
    await refused.body?.cancel();
    await first.close();
    await vi.waitFor(async () => {
      const again = await s.events(uid);
      if (again.status !== 200) await again.body?.cancel();
      expect(s.read(again)).toBeDefined();
    }, WAIT);
  });

  it('ends open streams when the service shuts down', async () => {
    const shutdown = new AbortController();
    s = await listen({ signal: shutdown.signal });
    const uid = await createIncome(s.t);
    const stream = s.read(await s.events(uid));
    await stream.next();
    shutdown.abort();
    expect(await stream.rest()).toEqual([]);
  });
});
