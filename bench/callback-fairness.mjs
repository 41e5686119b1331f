#!/usr/bin/env node
/**
 * One merchant cannot slow the others: a healthy merchant's callback delay (from the UTR claim's
 * answer, when the status change is committed, to the first attempt's arrival at its receiver),
 *   1. baseline: the healthy merchant alone;
 *   2. while another merchant has `--queued` callbacks (default 100) queued to an endpoint that
 *      accepts connections and never answers (each attempt runs into the 10 s timeout).
 * Both in the same run, on a fresh service per store. Target: under 1 s in 2.
 *
 * Usage: node bench/callback-fairness.mjs [embedded|pg ...] [--queued 100] [--probes 20]
 *        (after npm run build; BENCH_DIST measures another build)
 */
import { createServer } from 'node:http';
import {
  callbackReceiver,
  createDatabase,
  createMerchant,
  createOrder,
  listenLocal,
  main,
  option,
  percentile,
  printMachine,
  randomUtr,
  sleep,
  startService,
  storesOption,
} from './lib.mjs';

const stores = storesOption(['embedded', 'pg']);
const queued = option('queued', 100);
const probes = option('probes', 20);

/** Accepts every connection and request, and never answers. */
function silentReceiver() {
  let requests = 0;
  const sockets = new Set();
  const server = createServer(() => {
    requests += 1;
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    server,
    requests: () => requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function claim(url, uid) {
  const response = await fetch(`${url}/Payments/india_match`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payment_uid: uid, serial_number: randomUtr() }),
  });
  if (!response.ok) throw new Error(`india_match ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now();
}

async function measure(url, merchant, notifyUrl, rx) {
  const delays = [];
  let missing = 0;
  for (let i = 0; i < probes; i++) {
    const order = await createOrder(url, merchant, { notify_url: notifyUrl });
    const uid = order.payment.payment_uid;
    const answered = await claim(url, uid);
    const key = `${uid}:processing`;
    const end = performance.now() + 30_000;
    while (!rx.arrivals.has(key) && performance.now() < end) await sleep(5);
    if (!rx.arrivals.has(key)) {
      missing += 1;
      continue;
    }
    delays.push(Math.max(0, rx.arrivals.get(key) - answered));
    await sleep(100);
  }
  delays.sort((a, b) => a - b);
  const ms = (v) => Number(v.toFixed(1));
  return {
    probes,
    missing,
    p50: ms(percentile(delays, 50)),
    p99: ms(percentile(delays, 99)),
    max: ms(delays.at(-1) ?? Number.NaN),
  };
}

async function runStore(kind) {
  const healthy = callbackReceiver();
  const silent = silentReceiver();
  const healthyUrl = await healthy.listen();
  const silentUrl = await listenLocal(silent.server);
  try {
    const env = kind === 'pg' ? { DATABASE_URL: (await createDatabase('fair')).url } : {};
    const service = await startService({ env, label: `fair-${kind}` });
    const good = await createMerchant(service.url, 'Healthy Merchant');
    const stuck = await createMerchant(service.url, 'Stuck Merchant');

    const baseline = await measure(service.url, good, healthyUrl, healthy);
    console.log(`  ${kind}: baseline (healthy merchant alone): ${JSON.stringify(baseline)}`);

    for (let i = 0; i < queued; i++) {
      const order = await createOrder(service.url, stuck, { notify_url: silentUrl });
      await claim(service.url, order.payment.payment_uid);
    }
    // Let the stuck merchant's attempts take the dispatcher's slots (they hang until the timeout).
    await sleep(1_000);
    const loaded = await measure(service.url, good, healthyUrl, healthy);
    console.log(
      `  ${kind}: with ${queued} callbacks queued to a never-answering endpoint (${silent.requests()} of its attempts started): ${JSON.stringify(loaded)}`,
    );
    await service.stop();
    return { kind, baseline, loaded, stuckAttempts: silent.requests() };
  } finally {
    await silent.close();
    await healthy.close();
  }
}

main(async () => {
  const m = printMachine();
  const results = [];
  for (const kind of stores) results.push(await runStore(kind));
  console.log(JSON.stringify({ machine: m, queued, results }));
});
