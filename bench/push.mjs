#!/usr/bin/env node
import { readFileSync } from 'node:fs';
/**
 * Pushed status under load: `--streams` payers hold open event streams
 * (GET /checkout/api/orders/{uid}/events) on `--orders` orders (streams spread evenly), then:
 *   1. idle: the service's resident memory and CPU while the streams only wait (`--idle` s);
 *   2. latency: for `--samples` orders one at a time, a bank credit posted by the operator
 *      (POST /operator/api/credits) until the payer's stream receives the completed state;
 *   3. burst: the credits of all remaining orders posted at once; every stream must receive
 *      its order's final state (no event lost).
 * Usage: node bench/push.mjs [pg|embedded] [--streams 1000] [--orders 1000] [--samples 200] [--idle 10]
 */
import { request } from 'node:http';
import {
  createDatabase,
  createMerchant,
  createOrder,
  flag,
  main,
  operator,
  percentile,
  printMachine,
  randomUtr,
  sleep,
  startService,
} from './lib.mjs';

const args = process.argv.slice(2);
const store = args[0] && !args[0].startsWith('--') ? args[0] : 'pg';
const streams = Number(flag(args, 'streams', 1000));
const orders = Number(flag(args, 'orders', Math.min(streams, 1000)));
const samples = Math.min(orders, Number(flag(args, 'samples', 200)));
const idleSeconds = Number(flag(args, 'idle', 10));

/** One open event stream; resolves `waitFor(status)` when an event with that status arrives. */
function openStream(url, uid) {
  return new Promise((resolve, reject) => {
    const waiters = [];
    const statuses = [];
    let buffer = '';
    const req = request(`${url}/checkout/api/orders/${uid}/events`, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream ${uid}: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('');
          if (!data) continue;
          const status = JSON.parse(data).data.payment_status;
          const at = performance.now();
          statuses.push(status);
          for (const waiter of waiters.splice(0)) {
            if (waiter.status === status) waiter.resolve(at);
            else waiters.push(waiter);
          }
        }
      });
      resolve({
        statuses,
        waitFor: (status) =>
          new Promise((done) => {
            if (statuses.includes(status)) done(performance.now());
            else waiters.push({ status, resolve: done });
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function processStats(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime + stime, in clock ticks (1/100 s)
  return { rssMb: Math.round(rssKb / 1024), cpuSeconds: ticks / 100 };
}

main(
  async () => {
    const m = printMachine();
    const env = store === 'pg' ? { DATABASE_URL: (await createDatabase()).url } : {};
    const service = await startService({ env, label: store, nodeArgs: ['--max-old-space-size=2048'] });
    const merchant = await createMerchant(service.url);
    const list = [];
    for (let i = 0; i < orders; i += 32) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(32, orders - i) }, () => createOrder(service.url, merchant)),
      );
      for (const data of batch) list.push({ uid: data.payment.payment_uid, utr: randomUtr() });
    }
    // Each order claimed first (processing), so that a credit completes it.
    for (let i = 0; i < list.length; i += 32) {
      await Promise.all(
        list.slice(i, i + 32).map(async (order) => {
          const response = await fetch(`${service.url}/Payments/india_match`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ payment_uid: order.uid, serial_number: order.utr }),
          });
          if (!response.ok) throw new Error(`claim: ${response.status} ${await response.text()}`);
        }),
      );
    }
    const before = processStats(service.pid);
    const open = [];
    for (let i = 0; i < streams; i += 100) {
      open.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, streams - i) }, (_, k) => {
            const order = list[(i + k) % list.length];
            return openStream(service.url, order.uid).then((stream) => ({ order, stream }));
          }),
        )),
      );
    }
    await Promise.all(open.map(({ stream }) => stream.waitFor('processing')));
    const idleStart = processStats(service.pid);
    await sleep(idleSeconds * 1000);
    const idleEnd = processStats(service.pid);
    const idle = {
      rssMbBefore: before.rssMb,
      rssMb: idleEnd.rssMb,
      cpuPercent: Math.round(((idleEnd.cpuSeconds - idleStart.cpuSeconds) / idleSeconds) * 1000) / 10,
    };
    console.log(
      `${store}: ${streams} open streams on ${orders} orders; service RSS ${before.rssMb} MB before, ${idle.rssMb} MB with them; CPU while idle ${idle.cpuPercent}% of a core over ${idleSeconds} s`,
    );

    const streamsOf = new Map();
    for (const { order, stream } of open) {
      if (!streamsOf.has(order.uid)) streamsOf.set(order.uid, []);
      streamsOf.get(order.uid).push(stream);
    }
    const latencies = [];
    const requests = [];
    for (const order of list.slice(0, samples)) {
      const mine = streamsOf.get(order.uid) ?? [];
      const started = performance.now();
      const arrived = Promise.all(mine.map((stream) => stream.waitFor('completed')));
      await operator(service.url, 'POST', '/credits', { utr: order.utr, amount: '100.00' });
      requests.push(performance.now() - started);
      const times = await arrived;
      latencies.push(Math.max(...times) - started);
    }
    latencies.sort((a, b) => a - b);
    requests.sort((a, b) => a - b);
    const fmt = (n) => Math.round(n * 10) / 10;
    const latency = {
      p50: fmt(percentile(latencies, 50)),
      p99: fmt(percentile(latencies, 99)),
      max: fmt(latencies.at(-1)),
      requestP50: fmt(percentile(requests, 50)),
      requestP99: fmt(percentile(requests, 99)),
    };
    console.log(
      `  credit -> event on the payer's stream, ${samples} orders one by one: p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms` +
        ` (the credit request alone: p50 ${latency.requestP50} ms, p99 ${latency.requestP99} ms)`,
    );

    const rest = list.slice(samples);
    const burstStart = performance.now();
    await Promise.all(
      rest.map((order) => operator(service.url, 'POST', '/credits', { utr: order.utr, amount: '100.00' })),
    );
    const restStreams = open.filter(({ order }) => rest.includes(order));
    const deadline = sleep(60_000).then(() => 'timeout');
    const outcome = await Promise.race([
      Promise.all(restStreams.map(({ stream }) => stream.waitFor('completed'))).then(() => 'all'),
      deadline,
    ]);
    const received = restStreams.filter(({ stream }) => stream.statuses.includes('completed')).length;
    const burst = {
      orders: rest.length,
      streams: restStreams.length,
      received,
      ms: Math.round(performance.now() - burstStart),
    };
    console.log(
      `  ${rest.length} orders credited at once: ${received} of ${restStreams.length} streams received the completed state (${outcome}) in ${burst.ms} ms`,
    );
    for (const { stream } of open) stream.close();
    await service.stop();
    console.log(`\n${JSON.stringify({ machine: m, store, streams, orders, idle, latency, burst })}`);
  },
  { limitSeconds: 1200 },
);
