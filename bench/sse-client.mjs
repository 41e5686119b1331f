/**
 * A payer's event stream as the benches hold it: one raw node:http request (no EventSource
 * polyfill, no agent), the SSE text split into events and comments by hand, so that thousands
 * of streams cost the client little. Used by bench/push.mjs (through bench/stream-clients.mjs),
 * bench/stream-cycles.mjs and bench/growth.mjs.
 */
import { request } from 'node:http';
import { createOrder, operator, percentile, randomUtr } from './lib.mjs';

/**
 * Opens GET /checkout/api/orders/{uid}/events. Resolves once the answer's headers arrive (a
 * non-200 rejects) with: the statuses received in order, the heartbeat comments counted, whether
 * the stream ended, `waitFor(status)` (resolves with the arrival time, performance.now()) and
 * `close()`. `onStatus(status, at)` is called for every event.
 */
export function openStream(url, uid, { onStatus, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const waiters = [];
    const stream = {
      statuses: [],
      heartbeats: 0,
      ended: false,
      waitFor: (status) =>
        new Promise((done) => {
          if (stream.statuses.includes(status)) done(performance.now());
          else waiters.push({ status, resolve: done });
        }),
      close: () => req.destroy(),
    };
    let buffer = '';
    const req = request(`${url}/checkout/api/orders/${uid}/events`, { agent: false, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream ${uid}: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) {
            stream.heartbeats += 1;
            continue;
          }
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('');
          if (!data) continue;
          const status = JSON.parse(data).data.payment_status;
          const at = performance.now();
          stream.statuses.push(status);
          onStatus?.(status, at);
          for (const waiter of waiters.splice(0)) {
            if (waiter.status === status) waiter.resolve(at);
            else waiters.push(waiter);
          }
        }
      });
      res.on('close', () => {
        stream.ended = true;
      });
      resolve(stream);
    });
    req.on('error', (error) => {
      stream.ended = true;
      reject(error);
    });
    req.end();
  });
}

/**
 * Orders ready for a credit to complete them: created, then each claimed with a fresh UTR
 * (processing). Answers [{ uid, utr }].
 */
export async function claimedOrders(url, merchant, count) {
  const list = [];
  for (let i = 0; i < count; i += 32) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(32, count - i) }, () => createOrder(url, merchant)),
    );
    for (const data of batch) list.push({ uid: data.payment.payment_uid, utr: randomUtr() });
  }
  for (let i = 0; i < list.length; i += 32) {
    await Promise.all(
      list.slice(i, i + 32).map(async (order) => {
        const response = await fetch(`${url}/Payments/india_match`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ payment_uid: order.uid, serial_number: order.utr }),
        });
        if (!response.ok) throw new Error(`claim: ${response.status} ${await response.text()}`);
      }),
    );
  }
  return list;
}

/**
 * Credit posted -> completed state on the order's stream, for each of `orders` (claimed, see
 * claimedOrders) one at a time, with one stream per order held by this process. Answers p50/p99
 * (ms) of that and, as its baseline, of the credit request alone. `around.start()` is called once
 * every stream is open and has its first event, `around.end()` after the last credit's event: a
 * caller measures the credits alone between them (the CPU of a credit and its pushed event).
 */
export async function creditToStream(url, orders, around = {}) {
  const streams = await Promise.all(orders.map((order) => openStream(url, order.uid)));
  await Promise.all(streams.map((stream) => stream.waitFor('processing')));
  const latencies = [];
  const requests = [];
  await around.start?.();
  try {
    for (const [i, order] of orders.entries()) {
      const arrived = streams[i].waitFor('completed');
      const started = performance.now();
      await operator(url, 'POST', '/credits', { utr: order.utr, amount: '100.00' });
      requests.push(performance.now() - started);
      latencies.push((await arrived) - started);
    }
    await around.end?.();
  } finally {
    for (const stream of streams) stream.close();
  }
  const summary = (list) => {
    list.sort((a, b) => a - b);
    const round = (n) => Math.round(n * 10) / 10;
    return { p50: round(percentile(list, 50)), p99: round(percentile(list, 99)) };
  };
  return { ...summary(latencies), request: summary(requests) };
}
