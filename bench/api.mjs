#!/usr/bin/env node
/**
 * API throughput and latency at fixed concurrency (127.0.0.1 only; creation driven by wrk with
 * signed bodies made beforehand, the other endpoints by autocannon), per store:
 *   - embedded store (PGlite, one process),
 *   - PostgreSQL, one process,
 *   - PostgreSQL, one process per core (two on this machine, one database; connections split
 *     between them, figures summed).
 * Endpoints: GET /healthz (the HTTP layer without the store), signed order creation, payer poll
 * (fresh 200 and 304 with If-None-Match), india_match (a fresh UTR on a fresh order each request)
 * and the signed order query. Beside them, in the same run, the store's raw rate: the single-row
 * INSERT (the order and its event in one statement), the multi-row INSERT creation's group commit
 * sends (64 orders per statement) and the poll's reads through src/server/store's Db, at the same
 * concurrency, without HTTP (bench/store-raw.mjs); creation is printed as a ratio to both raw
 * insert rates (target: 1.0 of the single-row rate) with the CPU per creation from /proc.
 *
 * Usage: npm run bench:api      (node bench/api.mjs [--stores embedded,pg,pg2] [--duration 10] [--no-raw]
 *                                [--only healthz,create,poll,query,match]
 *                                [--connections 64])
 * Needs `npm run build` and PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432).
 */
import { cpus, loadavg } from 'node:os';
import {
  cannon,
  cpuPerRequest,
  cpuSnapshot,
  createDatabase,
  createMerchant,
  createOrder,
  createRequests,
  hasSwitch,
  main,
  option,
  printMachine,
  randomUtr,
  signedRequest,
  startService,
  storesOption,
  tempDir,
  wrk,
} from './lib.mjs';
import { storeRaw } from './store-raw.mjs';

const stores = storesOption(['embedded', 'pg', 'pg2']);
const duration = option('duration', 10);
/** Unique signed creation bodies made before a run: more than a run can send (repeats would be refused as duplicates). */
const CREATE_BODIES = option('create-bodies', 40_000);
const connections = option('connections', 64);
const only = option('only', '').split(',').filter(Boolean);
const want = (name) => only.length === 0 || only.includes(name);
const skipRaw = hasSwitch('no-raw');
const noRaw = { insert: {}, insertMany: {}, select: {} };

/** Orders made before the run for the poll and query benchmarks: [{ payment_uid, merchant_order_id }]. */
async function seedOrders(url, merchant, count) {
  const orders = [];
  for (let i = 0; i < count; i += 64) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(64, count - i) }, () => createOrder(url, merchant)),
    );
    for (const data of batch) {
      orders.push({
        payment_uid: data.payment.payment_uid,
        merchant_order_id: data.merchant_order_id,
      });
    }
  }
  return orders;
}

/**
 * Signed creation driven by wrk (autocannon would share the two cores as Node code): enough
 * unique signed bodies for the run are made first, one wrk per target with its share of the
 * connections; rates summed, the worst percentiles kept.
 */
async function createWithWrk(targets, merchant, pids) {
  const perTarget = Math.ceil(CREATE_BODIES / targets.length);
  const prepared = await Promise.all(
    targets.map((url) => {
      return { url, requests: createRequests(merchant, perTarget) };
    }),
  );
  const before = cpuSnapshot(pids);
  const runs = await Promise.all(
    prepared.map(({ url, requests }) => {
      return wrk({
        url,
        requests,
        connections: Math.ceil(connections / targets.length),
        threads: targets.length > 1 ? 1 : 2,
        duration,
      });
    }),
  );
  const good = runs.reduce((sum, run) => sum + Math.round(run.rps * run.seconds), 0);
  const bad = runs.reduce((sum, run) => sum + run.bad, 0);
  const cpu = cpuPerRequest(before, cpuSnapshot(pids), good + bad);
  return {
    cpu,
    rps: runs.reduce((sum, run) => sum + run.rps, 0),
    p50: Math.max(...runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    statuses: bad ? { '2xx': good, other: bad } : { '2xx': good },
  };
}

async function runSuite(label, targets, merchant, raw, pids) {
  const results = [];
  const url = targets[0];
  const record = (name, result, note = '') => {
    results.push({ store: label, name, ...result, note });
    const statuses = Object.entries(result.statuses)
      .map(([code, n]) => `${code}:${n}`)
      .join(' ');
    console.log(
      `  ${label.padEnd(14)} ${name.padEnd(22)} ${String(result.rps).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  [${statuses}] ${note}`,
    );
  };

  if (want('healthz'))
    record('GET /healthz', await cannon({ targets, path: '/healthz', connections, duration }));

  let createRps = 1000;
  if (want('create')) {
    const created = await createWithWrk(targets, merchant, pids);
    const service = created.cpu.pids.reduce((sum, us) => sum + us, 0);
    record(
      'order/new (signed)',
      created,
      `${
        raw.insert.rps
          ? `ratio to the raw single-row insert ${(created.rps / raw.insert.rps).toFixed(2)}, to the multi-row ${(created.rps / raw.insertMany.rps).toFixed(2)} (load ${loadavg()[0].toFixed(2)}); `
          : ''
      }CPU per creation: service ${service} us, PostgreSQL ${created.cpu.postgres} us, wrk ${created.cpu.children} us`,
    );
    createRps = created.rps;
  }

  const seeded = await seedOrders(url, merchant, 256);
  if (want('poll')) {
    let i = 0;
    record(
      'poll 200',
      await cannon({
        targets,
        path: '/checkout/api/orders/x',
        connections,
        duration,
        setupRequest: (req) => ({
          ...req,
          path: `/checkout/api/orders/${seeded[i++ % seeded.length].payment_uid}`,
        }),
      }),
    );
    const etags = new Map();
    for (const order of seeded) {
      const response = await fetch(`${url}/checkout/api/orders/${order.payment_uid}`);
      etags.set(order.payment_uid, response.headers.get('etag'));
      await response.arrayBuffer();
    }
    let j = 0;
    record(
      'poll 304',
      await cannon({
        targets,
        path: '/checkout/api/orders/x',
        connections,
        duration,
        expectStatus: (code) => code === 304,
        setupRequest: (req) => {
          const order = seeded[j++ % seeded.length];
          return {
            ...req,
            path: `/checkout/api/orders/${order.payment_uid}`,
            headers: { ...req.headers, 'if-none-match': etags.get(order.payment_uid) },
          };
        },
      }),
    );
  }

  if (want('query')) {
    let k = 0;
    record(
      'order/get (signed)',
      await cannon({
        targets,
        path: '/gateway/api/order/get',
        method: 'POST',
        connections,
        duration,
        setupRequest: (req) => ({
          ...req,
          ...signedRequest(merchant, { merchant_order_id: seeded[k++ % seeded.length].merchant_order_id }),
        }),
      }),
    );
  }

  if (want('match')) {
    // Each claim needs a pending order of its own: make a pool first (outside the timed run).
    // A claim costs more than a creation, so the creation rate bounds the pool it needs.
    const pool = await seedOrders(
      url,
      merchant,
      Math.min(40_000, Math.max(2_000, Math.ceil(createRps * duration * 2))),
    );
    const utrs = pool.map(() => randomUtr());
    let m = 0;
    const result = await cannon({
      targets,
      path: '/Payments/india_match',
      method: 'POST',
      connections,
      duration,
      setupRequest: (req) => {
        // Past the pool's end, claims repeat (an idempotent retry of the same UTR): noted below.
        const index = m++ % pool.length;
        return {
          ...req,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ payment_uid: pool[index].payment_uid, serial_number: utrs[index] }),
        };
      },
    });
    record(
      'india_match',
      result,
      m > pool.length ? `(pool of ${pool.length} orders ran out; rest repeated)` : '',
    );
  }
  return results;
}

function printRaw(raw) {
  if (!raw.insert.rps) return;
  const cpu = (insert) =>
    `CPU per order: PostgreSQL ${insert.cpu.postgres} us, the driving process ${insert.cpu.self} us`;
  console.log(
    `  raw store      single-row insert ${raw.insert.rps}/s p50 ${raw.insert.p50} p99 ${raw.insert.p99} ms; ${cpu(raw.insert)}`,
  );
  console.log(
    `  raw store      multi-row insert (${raw.insertMany.batch} per statement) ${raw.insertMany.rps} orders/s, statement p50 ${raw.insertMany.p50} p99 ${raw.insertMany.p99} ms; ${cpu(raw.insertMany)}`,
  );
  console.log(`  raw store      select ${raw.select.rps}/s p50 ${raw.select.p50} p99 ${raw.select.p99} ms`);
}

main(
  async () => {
    const m = printMachine();
    const all = [];
    for (const store of stores) {
      if (store === 'embedded') {
        const service = await startService({ label: 'embedded' });
        const merchant = await createMerchant(service.url);
        console.log(`\nembedded store (PGlite, one process)`);
        const raw = skipRaw
          ? noRaw
          : await storeRaw(
              { kind: 'pglite', dataDir: `${tempDir('bench-raw-')}/pglite` },
              { connections, duration },
            );
        printRaw(raw);
        all.push(
          { store: 'embedded', raw },
          ...(await runSuite('embedded', [service.url], merchant, raw, [service.pid])),
        );
        await service.stop();
      } else if (store === 'pg' || store === 'pg2') {
        const processes = store === 'pg' ? 1 : Math.max(2, cpus().length);
        const db = await createDatabase();
        const services = [];
        for (let p = 0; p < processes; p++) {
          services.push(await startService({ env: { DATABASE_URL: db.url }, label: `pg-${p}` }));
        }
        const merchant = await createMerchant(services[0].url);
        console.log(`\nPostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`);
        const raw = skipRaw
          ? noRaw
          : await storeRaw(
              { kind: 'postgres', url: db.url },
              { connections, duration, poolSize: 10 * processes },
            );
        printRaw(raw);
        all.push(
          { store, raw },
          ...(await runSuite(
            `pg x${processes}`,
            services.map((s) => s.url),
            merchant,
            raw,
            services.map((s) => s.pid),
          )),
        );
        for (const service of services) await service.stop();
      }
    }
    console.log(`\n${JSON.stringify({ machine: m, connections, duration, results: all })}`);
  },
  { limitSeconds: 1200 },
);
