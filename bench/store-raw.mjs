#!/usr/bin/env node
/**
 * The store's own ceiling, without HTTP: the single-row insert (the order and its first event in
 * one INSERT, src/server/orders/order-store.ts insertOrder), the multi-row insert creation's group
 * commit sends (`insertOrders`: `--batch` orders per statement, as many statements in flight as
 * the group commit allows; rate in orders/s) and the payer poll's reads
 * (the order by payment_uid, then its merchant and UTR claims) through src/server/store's Db (from
 * dist/), `connections` callers at once for `duration` seconds. bench/api.mjs runs it beside the
 * HTTP figures; alone:
 *
 * Usage: node bench/store-raw.mjs [embedded|pg] [--connections 64] [--duration 10] [--batch 64]
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  ARGS,
  cpuPerRequest,
  cpuSnapshot,
  createDatabase,
  main,
  option,
  percentile,
  SERVER_DIST,
  tempDir,
} from './lib.mjs';

const dist = (path) => import(join(SERVER_DIST, path));

async function openStore(store, poolSize) {
  const { migrate } = await dist('store/migrate.js');
  if (store.kind === 'postgres') {
    const { openPgDb } = await dist('store/pg-db.js');
    const db = await openPgDb(store.url, poolSize);
    await migrate(db);
    return db;
  }
  const { openDb } = await dist('store/open-db.js');
  return openDb(store);
}

async function timed(connections, duration, fn, perCall = 1) {
  const latencies = [];
  const end = performance.now() + duration * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        await fn(count++);
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round((latencies.length * perCall) / duration),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    total: latencies.length * perCall,
  };
}

/**
 * Raw insert (single-row and multi-row) and read rates of one store; `poolSize` PostgreSQL
 * connections (10 per service process). The multi-row insert sends `batch` orders per statement
 * from `inFlight` callers (the group commit's MAX_IN_FLIGHT): latencies are per statement.
 */
export async function storeRaw(
  store,
  { connections = 64, duration = 10, poolSize = 10, batch = 64, inFlight = 2 } = {},
) {
  const { openMerchant } = await dist('merchants/open-merchant.js');
  const { findOrder, insertOrder, insertOrders } = await dist('orders/order-store.js');
  const { findMerchant } = await dist('merchants/merchant-store.js');
  const { claimsOf } = await dist('credits/claim-store.js');
  const db = await openStore(store, poolSize);
  try {
    const merchant = await db.transaction((tx) =>
      openMerchant(tx, { name: 'Raw', upi_vpa: 'raw@okaxis', upi_payee_name: 'Raw' }, new Date()),
    );
    await db.query(
      `INSERT INTO api_keys (key, merchant_uid, sealed_secret, created_at) VALUES ('ak_raw', $1, 'x', now())`,
      [merchant.uid],
    );
    const prefix = `R${Date.now().toString(36)}`;
    const uids = [];
    const cpuBefore = cpuSnapshot();
    const insert = await timed(connections, duration, async (n) => {
      // The statement order creation runs: the order and its first event in one INSERT.
      const order = await insertOrder(db, rawOrder(merchant.uid, `${prefix}-${n}`, new Date()));
      if (!order) throw new Error('duplicate');
      if (uids.length < 256) uids.push(order.payment_uid);
    });
    // CPU per insert: PostgreSQL's backends, and this process driving them (the service's place).
    insert.cpu = cpuPerRequest(cpuBefore, cpuSnapshot(), insert.total);
    const manyBefore = cpuSnapshot();
    const insertMany = await timed(
      inFlight,
      duration,
      async (n) => {
        const orders = Array.from({ length: batch }, (_, i) =>
          rawOrder(merchant.uid, `${prefix}-m${n}-${i}`, new Date()),
        );
        const inserted = await insertOrders(db, orders);
        if (inserted.size !== batch) throw new Error('duplicate');
      },
      batch,
    );
    insertMany.cpu = cpuPerRequest(manyBefore, cpuSnapshot(), insertMany.total);
    insertMany.batch = batch;
    const select = await timed(connections, duration, async (n) => {
      const order = await findOrder(db, uids[n % uids.length]);
      await Promise.all([findMerchant(db, order.merchant_uid), claimsOf(db, order.payment_uid)]);
    });
    return { insert, insertMany, select };
  } finally {
    await db.close();
  }
}

function rawOrder(merchantUid, merchantOrderId, now) {
  const paymentUid = randomUUID();
  return {
    payment_uid: paymentUid,
    merchant_uid: merchantUid,
    merchant_order_id: merchantOrderId,
    request_digest: 'd'.repeat(64),
    transaction_type: 'income',
    accounting_type: 'receive',
    payterm: 'UPI',
    payment: 'india',
    currency: 'INR',
    country: 'India',
    channel: 'payment_india',
    amount: 10_000,
    final_amount: 10_000,
    from_account: '',
    from_name: '',
    from_bank_name: '',
    to_account: 'raw@okaxis',
    to_name: 'Raw',
    to_bank_name: 'UPI',
    merchant_id: '',
    order_uid: '',
    redirect_url: 'https://shop.example/return',
    notify_url: '',
    response_type: 'json',
    ip: '127.0.0.1',
    user_agent: '',
    signature_key: 'ak_raw',
    extra: `upi://pay?pa=raw%40okaxis&pn=Raw&am=100.00&cu=INR&tr=${paymentUid.replaceAll('-', '')}&tn=Order%20${merchantOrderId}`,
    payment_status: 'pending',
    expires_at: new Date(now.getTime() + 900_000),
    created_at: now,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(async () => {
    const kind = ARGS[0] === 'pg' ? 'pg' : 'embedded';
    const store =
      kind === 'pg'
        ? { kind: 'postgres', url: (await createDatabase()).url }
        : { kind: 'pglite', dataDir: `${tempDir('bench-raw-')}/pglite` };
    const result = await storeRaw(store, {
      connections: option('connections', 64),
      duration: option('duration', 10),
      batch: option('batch', 64),
    });
    console.log(kind, JSON.stringify(result));
  });
}
