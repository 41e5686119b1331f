#!/usr/bin/env node
/**
 * Callbacks, against a receiver on 127.0.0.1 that answers SUCCESS:
 *   1. delay from a status change to the first attempt's arrival: orders with notify_url on the
 *      receiver, one UTR claim (india_match) at a time; the delay is from the india_match answer
 *      (the change is committed) to the callback's arrival, also from the request's start;
 *   2. sustained deliveries per second with 10,000 queued: the service is stopped, 10,000 orders
 *      and their outbox rows are inserted in bulk straight into its store, the service is started
 *      again and the drain is timed (first to last arrival, and start to last).
 *
 * Usage: npm run bench:callbacks   (node bench/callbacks.mjs [embedded|pg ...] [--claims 300] [--queued 10000]
 *                                 [--no-analyze])
 */
import { join } from 'node:path';
import {
  callbackReceiver,
  createDatabase,
  createMerchant,
  createOrder,
  hasSwitch,
  main,
  option,
  percentile,
  printMachine,
  randomUtr,
  SERVER_DIST,
  sleep,
  startService,
  storesOption,
  tempDir,
} from './lib.mjs';

const stores = storesOption(['embedded', 'pg']);
const claims = option('claims', 300);
const queued = option('queued', 10_000);

async function openStore(store) {
  const dist = (path) => import(join(SERVER_DIST, path));
  const { openDb } = await dist('store/open-db.js');
  return openDb(store);
}

async function runStore(kind) {
  const rx = callbackReceiver();
  const notifyUrl = await rx.listen();
  const close = rx.close;
  try {
    const dataDir = kind === 'embedded' ? tempDir('bench-cb-') : undefined;
    const dbUrl = kind === 'pg' ? (await createDatabase()).url : undefined;
    const env = dbUrl ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir };
    let service = await startService({ env, label: `cb-${kind}` });
    const merchant = await createMerchant(service.url);

    // 1. Delay from the committed change to the first attempt's arrival.
    const orders = [];
    for (let i = 0; i < claims; i++)
      orders.push(await createOrder(service.url, merchant, { notify_url: notifyUrl }));
    const fromAnswer = [];
    const fromRequest = [];
    let missing = 0;
    for (const order of orders) {
      const uid = order.payment.payment_uid;
      const started = performance.now();
      const response = await fetch(`${service.url}/Payments/india_match`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_uid: uid, serial_number: randomUtr() }),
      });
      const answered = performance.now();
      if (!response.ok) throw new Error(`india_match ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      const arrived = await rx.waitFor(`${uid}:processing`);
      if (arrived === undefined) {
        missing += 1;
        continue;
      }
      fromAnswer.push(Math.max(0, arrived - answered));
      fromRequest.push(arrived - started);
    }
    fromAnswer.sort((a, b) => a - b);
    fromRequest.sort((a, b) => a - b);
    const delay = {
      claims: orders.length,
      missing,
      p50: Number(percentile(fromAnswer, 50).toFixed(1)),
      p99: Number(percentile(fromAnswer, 99).toFixed(1)),
      fromRequestP50: Number(percentile(fromRequest, 50).toFixed(1)),
      fromRequestP99: Number(percentile(fromRequest, 99).toFixed(1)),
    };
    console.log(
      `  ${kind}: first attempt after the change: p50 ${delay.p50} ms, p99 ${delay.p99} ms (from the request: p50 ${delay.fromRequestP50} ms, p99 ${delay.fromRequestP99} ms; ${missing} missing of ${orders.length})`,
    );

    // 2. Drain 10,000 queued callbacks.
    const template = await createOrder(service.url, merchant, { notify_url: notifyUrl });
    await sleep(500);
    await service.stop();
    const db = await openStore(
      dbUrl ? { kind: 'postgres', url: dbUrl } : { kind: 'pglite', dataDir: `${dataDir}/pglite` },
    );
    try {
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO orders (payment_uid, merchant_uid, merchant_order_id, request_digest, transaction_type,
             accounting_type, payterm, payment, currency, country, channel, amount, final_amount, to_account, to_name,
             to_bank_name, redirect_url, notify_url, response_type, ip, signature_key, extra, payment_status,
             expires_at, status_changed_at, created_at, updated_at)
           SELECT gen_random_uuid()::text, merchant_uid, merchant_order_id || '-q' || g, request_digest, transaction_type,
             accounting_type, payterm, payment, currency, country, channel, amount, final_amount, to_account, to_name,
             to_bank_name, redirect_url, notify_url, response_type, ip, signature_key, extra, payment_status,
             now() + interval '1 hour', now(), now(), now()
           FROM orders, generate_series(1, $2) AS g WHERE payment_uid = $1`,
          [template.payment.payment_uid, queued],
        );
        await tx.query(
          `INSERT INTO outbox (payment_uid, status_seq, payment_status, next_attempt_at, created_at, updated_at)
           SELECT payment_uid, status_seq, payment_status, now(), now(), now()
           FROM orders WHERE merchant_order_id LIKE $1`,
          [`${template.merchant_order_id}-q%`],
        );
      });
      // As autovacuum would soon: without statistics the planner takes the queue for a few rows
      // and the claim query turns quadratic (see BENCHMARKS.md); --no-analyze shows that case.
      if (!hasSwitch('no-analyze')) await db.exec('ANALYZE outbox; ANALYZE orders;');
    } finally {
      await db.close();
    }
    rx.reset();
    const restarted = performance.now();
    service = await startService({ env, label: `cb-${kind}-drain` });
    const end = performance.now() + 300_000;
    while (rx.stats().count < queued && performance.now() < end) await sleep(100);
    const { count, first, last } = rx.stats();
    const drain = {
      queued,
      delivered: count,
      seconds: Number(((last - first) / 1000).toFixed(2)),
      perSecond: Math.round(count / ((last - first) / 1000)),
      perSecondFromStart: Math.round(count / ((last - restarted) / 1000)),
    };
    console.log(
      `  ${kind}: drained ${count} of ${queued} in ${drain.seconds} s: ${drain.perSecond} deliveries/s (${drain.perSecondFromStart}/s counting the start-up)`,
    );
    await service.stop();
    return { store: kind, delay, drain };
  } finally {
    await close();
  }
}

main(
  async () => {
    const machine = printMachine();
    const results = [];
    for (const kind of stores) results.push(await runStore(kind));
    console.log(JSON.stringify({ machine, results }));
  },
  { limitSeconds: 900 },
);
