#!/usr/bin/env node
/**
 * Pushed status under load: `--streams` payers hold open event streams
 * (GET /checkout/api/orders/{uid}/events) on `--orders` orders (streams spread evenly), held by
 * `--clients` client processes (bench/stream-clients.mjs: raw node:http, no polyfill), then:
 *   1. idle: the service's resident memory and CPU while the streams only wait (`--idle` s), and
 *      the heartbeat comments each stream received meanwhile (the bench sets
 *      EVENT_STREAM_HEARTBEAT_SECONDS to `--heartbeat`, 2 s by default, so several arrive);
 *   2. latency: for `--samples` orders one at a time, a bank credit posted by the operator
 *      (POST /operator/api/credits) until every stream of the order receives the completed
 *      state; the credit request's own time is the baseline beside it;
 *   3. burst: the credits of `--burst` further orders posted at once (over 64 fresh kept-alive
 *      connections); every stream of them must receive its order's final state (no event lost).
 * Every phase prints the 1-minute load average. The client processes' CPU is printed too: they
 * must stay well below a core each, or they, not the service, are what is measured.
 *
 * Usage: node bench/push.mjs [pg|embedded] [--streams 1000] [--orders 1000] [--samples 200]
 *          [--burst 1000] [--idle 10] [--heartbeat 2] [--clients 2]
 *   10,000 streams: node bench/push.mjs pg --streams 10000 --orders 2500
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  ARGS,
  createDatabase,
  createMerchant,
  main,
  onCleanup,
  operator,
  operatorPool,
  option,
  percentile,
  printMachine,
  processMetrics,
  processStats,
  ROOT,
  sleep,
  startService,
} from './lib.mjs';
import { claimedOrders } from './sse-client.mjs';

const store = ARGS[0] && !ARGS[0].startsWith('--') ? ARGS[0] : 'pg';
const streams = option('streams', 1000);
const orders = option('orders', Math.min(streams, 1000));
const samples = Math.min(orders, option('samples', 200));
const burstSize = Math.min(orders - samples, option('burst', 1000));
const idleSeconds = option('idle', 10);
const heartbeatSeconds = option('heartbeat', 2);
const clientCount = option('clients', 2);
const load = () => loadavg()[0].toFixed(2);
const now = () => performance.timeOrigin + performance.now();

/** The client processes, each with `ask(message, replyType)` and the completed-state listeners. */
function startClients(count, onCompleted) {
  return Array.from({ length: count }, () => {
    const child = fork(join(ROOT, 'bench/stream-clients.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const pending = new Map();
    child.on('message', (message) => {
      if (message.type === 'completed') onCompleted(message.uid, message.at);
      else if (message.type === 'error') console.error(`stream client: ${message.message}`);
      const waiting = pending.get(message.type);
      if (waiting) {
        pending.delete(message.type);
        waiting(message);
      }
    });
    onCleanup(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    return {
      child,
      ask: (message, replyType) =>
        new Promise((resolve) => {
          pending.set(replyType, resolve);
          child.send(message);
        }),
    };
  });
}

/** The soft limit on open files this process (and the service it starts) may hold. */
function openFilesLimit() {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const soft = /Max open files\s+(\S+)/.exec(limits)?.[1];
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

main(
  async () => {
    if (openFilesLimit() < streams + 500) {
      throw new Error(
        `${streams} streams need more open files than \`ulimit -n\` (${openFilesLimit()}) allows: raise it`,
      );
    }
    const m = printMachine();
    const env = store === 'pg' ? { DATABASE_URL: (await createDatabase()).url } : {};
    env.EVENT_STREAM_HEARTBEAT_SECONDS = String(heartbeatSeconds);
    const service = await startService({ env, label: store, nodeArgs: ['--max-old-space-size=2048'] });
    const merchant = await createMerchant(service.url);
    const list = await claimedOrders(service.url, merchant, orders);

    // Which stream goes to which order and client: order i % orders, client i % clients.
    const expected = new Map(); // uid -> streams on it
    const arrivals = new Map(); // uid -> { count, last }
    const waiting = new Map(); // uid -> resolve, once every stream of it has the completed state
    const clients = startClients(clientCount, (uid, at) => {
      const seen = arrivals.get(uid) ?? { count: 0, last: 0 };
      seen.count += 1;
      seen.last = Math.max(seen.last, at);
      arrivals.set(uid, seen);
      if (seen.count === expected.get(uid)) waiting.get(uid)?.(seen.last);
    });
    const shares = clients.map(() => []);
    for (let i = 0; i < streams; i++) {
      const uid = list[i % list.length].uid;
      expected.set(uid, (expected.get(uid) ?? 0) + 1);
      shares[i % clients.length].push(uid);
    }
    const allDone = (uid) =>
      new Promise((resolve) => {
        const seen = arrivals.get(uid);
        if (seen && seen.count === expected.get(uid)) resolve(seen.last);
        else waiting.set(uid, resolve);
      });
    const clientCpu = async () =>
      (await Promise.all(clients.map((c) => c.ask({ type: 'stats' }, 'stats')))).map((s) => s.cpuSeconds);

    const before = processStats(service.pid);
    const openLoad = load();
    const openStarted = performance.now();
    await Promise.all(
      clients.map((c, k) => c.ask({ type: 'open', url: service.url, uids: shares[k] }, 'opened')),
    );
    const openSeconds = (performance.now() - openStarted) / 1000;
    console.log(
      `${store}: ${streams} streams on ${orders} orders opened by ${clients.length} client processes in ${openSeconds.toFixed(1)} s (load ${openLoad})`,
    );

    await sleep(1000);
    await Promise.all(clients.map((c) => c.ask({ type: 'reset' }, 'reset')));
    const idleLoad = load();
    await processMetrics(service.url); // the event-loop delay histogram restarts at each scrape
    const idleStart = processStats(service.pid);
    const clientsIdleStart = await clientCpu();
    await sleep(idleSeconds * 1000);
    const idleEnd = processStats(service.pid);
    const loop = await processMetrics(service.url);
    const clientsIdleEnd = await clientCpu();
    const idleStats = await Promise.all(clients.map((c) => c.ask({ type: 'stats' }, 'stats')));
    const percent = (seconds) => Math.round((seconds / idleSeconds) * 1000) / 10;
    const idle = {
      load: idleLoad,
      rssMbBefore: before.rssMb,
      rssMb: idleEnd.rssMb,
      kbPerStream: Math.round(((idleEnd.rssMb - before.rssMb) * 1024) / streams),
      cpuPercent: percent(idleEnd.cpuSeconds - idleStart.cpuSeconds),
      clientCpuPercent: clientsIdleEnd.map((end, k) => percent(end - clientsIdleStart[k])),
      heartbeatSeconds,
      heartbeatsMin: Math.min(...idleStats.map((s) => s.heartbeats.min)),
      heartbeatsMedian: idleStats[0].heartbeats.median,
      streamsWithoutHeartbeat: idleStats.reduce((sum, s) => sum + s.heartbeats.none, 0),
      endedEarly: idleStats.reduce((sum, s) => sum + s.ended, 0),
      loopP99: loop.loopP99,
      loopMax: loop.loopMax,
    };
    console.log(
      `  idle ${idleSeconds} s (load ${idle.load}): service RSS ${before.rssMb} MB before the streams, ${idle.rssMb} MB with them (${idle.kbPerStream} KB per stream); ` +
        `service CPU ${idle.cpuPercent}% of a core; clients ${idle.clientCpuPercent.join('%, ')}%; ` +
        `heartbeats every ${heartbeatSeconds} s: min ${idle.heartbeatsMin}, median ${idle.heartbeatsMedian} per stream, ${idle.streamsWithoutHeartbeat} streams without one; ${idle.endedEarly} streams ended early; event-loop delay p99 ${idle.loopP99} ms, max ${idle.loopMax} ms`,
    );

    const latencies = [];
    const requests = [];
    const latencyLoad = load();
    for (const order of list.slice(0, samples)) {
      const done = allDone(order.uid);
      const started = now();
      await operator(service.url, 'POST', '/credits', { utr: order.utr, amount: '100.00' });
      requests.push(now() - started);
      latencies.push((await done) - started);
    }
    latencies.sort((a, b) => a - b);
    requests.sort((a, b) => a - b);
    const fmt = (n) => Math.round(n * 10) / 10;
    const latency = {
      load: latencyLoad,
      p50: fmt(percentile(latencies, 50)),
      p99: fmt(percentile(latencies, 99)),
      max: fmt(latencies.at(-1)),
      requestP50: fmt(percentile(requests, 50)),
      requestP99: fmt(percentile(requests, 99)),
    };
    latency.ratioP50 = fmt(latency.p50 / latency.requestP50);
    console.log(
      `  credit -> completed on every stream of the order, ${samples} orders one by one (load ${latency.load}): p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms;` +
        ` baseline, the credit request alone: p50 ${latency.requestP50} ms, p99 ${latency.requestP99} ms (ratio at p50 ${latency.ratioP50})`,
    );

    const rest = list.slice(samples, samples + burstSize);
    const burstLoad = load();
    const burstCpu = processStats(service.pid);
    const burstStart = now();
    const pool = operatorPool(service.url, 64);
    const credited = Promise.all(
      rest.map((order) => pool.call('POST', '/credits', { utr: order.utr, amount: '100.00' })),
    ).finally(() => pool.close());
    const outcome = await Promise.race([
      Promise.all([credited, ...rest.map((order) => allDone(order.uid))]).then(() => 'all'),
      sleep(120_000).then(() => 'timeout after 120 s'),
    ]);
    const burstStreams = rest.reduce((sum, order) => sum + (expected.get(order.uid) ?? 0), 0);
    const received = rest.reduce((sum, order) => sum + (arrivals.get(order.uid)?.count ?? 0), 0);
    const lastArrival = Math.max(...rest.map((order) => arrivals.get(order.uid)?.last ?? 0));
    const burst = {
      load: burstLoad,
      orders: rest.length,
      streams: burstStreams,
      received,
      ms: Math.round(lastArrival - burstStart),
      serviceCpuSeconds: fmt(processStats(service.pid).cpuSeconds - burstCpu.cpuSeconds),
    };
    console.log(
      `  ${rest.length} orders credited at once (load ${burst.load}): ${received} of ${burstStreams} streams received the completed state (${outcome}); the last ${burst.ms} ms after the first credit was sent; service CPU ${burst.serviceCpuSeconds} s`,
    );
    for (const c of clients) c.child.send({ type: 'close' });
    await service.stop();
    console.log(
      `\n${JSON.stringify({ machine: m, store, streams, orders, clients: clients.length, openSeconds, idle, latency, burst })}`,
    );
  },
  { limitSeconds: 1800 },
);
