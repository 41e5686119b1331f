#!/usr/bin/env node
/**
 * Growth: creation and poll latency as the orders table grows, on PostgreSQL (one process).
 * The table is bulk-loaded for one merchant (INSERT ... SELECT generate_series, pending UPI
 * orders with a far expiry so the expiry sweep has nothing to do, each payment_uid a time-ordered
 * UUID of its creation time as the service makes them, then VACUUM ANALYZE and a
 * CHECKPOINT, so that no measurement pays for writing the load's pages) to 1,000,
 * 100,000 and 1,000,000 orders; at each size order creation (wrk, signed bodies made
 * beforehand) and the payer poll are driven at 64 connections. The poll's orders, about 2,000,
 * are picked at random across the whole table: each is polled once first (the first poll of a
 * payer's page reads the view from the store: its latency is printed apart), then wrk polls
 * them over and over as waiting payers do (the view in memory). Then the pushed status:
 * `--stream-samples` fresh orders, each claimed and watched on its event stream, are credited one
 * at a time and the credit-to-event latency is taken (bench/sse-client.mjs). The first size is
 * the baseline: every later p99 is printed as a ratio to it (target: within 20%), with the
 * 1-minute load average of each run.
 *
 * At each size the operator console's order search is timed too (wrk, 8 connections, with the
 * operator's token): the first page, a search by the merchant order id of an order created 1,000
 * orders before (its whole id, which the search also reads as a beginning: an order found at every
 * size) and a search by payer name prefix, p99 as a ratio to the first size. Before it, the
 * claims and credits tables, which the stream part has just filled, are analyzed.
 *
 * Usage: npm run bench:growth   (node bench/growth.mjs [--sizes 1000,100000,1000000] [--duration 8]
 *                                [--stream-samples 600] [--ten-million] [--rebuild-from 2000000])
 *
 * `--ten-million` adds 10,000,000 orders as a last size (the orders table with its indexes is
 * about 12 GB: keep 15 GB free for PostgreSQL). Its insert is CPU-bound in one PostgreSQL
 * backend: at a load average of 46-48 on two cores it ran at about 4,000 rows a second without
 * the secondary indexes (9M rows: about 40 minutes before the index builds); start it on a
 * quiet machine, an hour before it is needed.
 *
 * A p99 of one run swings by a third between runs of the same size on this shared machine (one
 * stall of the machine lands on many requests at once), so the waiting poll runs three times and
 * the median run's p99 is the figure, and the stream's p99 is taken over 600 credits.
 *
 * The growth figure that does not move with other people's load is the CPU time per request:
 * around each driven part the service process's CPU (utime + stime from /proc/<pid>/stat) and that
 * of the PostgreSQL backends connected to the bench database (the service's pool; PostgreSQL's
 * background processes, the checkpointer and autovacuum, are left out) are read, and their
 * difference is divided by the requests answered: per creation, per first poll, per waiting poll
 * (the three runs together), per credit and its pushed event (the streams already open), per
 * console search. Each is printed with its ratio to the first size, beside the p99 ratio. A
 * reading has 10 ms steps (clock ticks), well under 1% of a part's CPU.
 *
 * Loading: `INSERT ... SELECT` in slices of 100,000 with every index in place, as an organically
 * grown table has them. A step that adds `--rebuild-from` orders or more (default 2,000,000: the
 * 10M size) drops the secondary indexes first (not those of the primary key and unique
 * constraints) and builds them again after the rows are in (maintenance_work_mem 1 GB for this
 * session): a table of 10M orders loads in minutes rather than an hour. Each phase's time is
 * printed (insert, indexes, VACUUM ANALYZE), with progress every million rows. Rebuilt indexes
 * are packed fuller than grown ones, and their first inserts split more pages.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import {
  cpuSnapshot,
  createDatabase,
  createMerchant,
  createRequests,
  firstPolls,
  hasSwitch,
  main,
  OPERATOR_TOKEN,
  option,
  postgresCpuBetween,
  printMachine,
  processCpuSeconds,
  startService,
  wrk,
} from './lib.mjs';
import { claimedOrders, creditToStream } from './sse-client.mjs';

const sizes = option('sizes', '1000,100000,1000000').split(',').map(Number);
if (hasSwitch('ten-million') && !sizes.includes(10_000_000)) sizes.push(10_000_000);
const duration = option('duration', 8);
const connections = option('connections', 64);
const streamSamples = option('stream-samples', 600);
const rebuildFrom = option('rebuild-from', 2_000_000);
const load = () => loadavg()[0].toFixed(2);
const seconds = (since) => Number(((performance.now() - since) / 1000).toFixed(1));
/** The requests a wrk run had answered (2xx/3xx and the others). */
const answered = (run) => Math.round(run.rps * run.seconds) + (run.bad || 0);

/**
 * Adds `add` orders for the merchant, numbered after `from`; answers each phase's seconds. See
 * the header for when the secondary indexes are dropped and built again.
 */
async function loadOrders(client, merchant, from, add) {
  const phases = { insert: 0, indexes: 0, vacuum: 0, checkpoint: 0, rebuilt: false };
  let indexes = [];
  if (add >= rebuildFrom) {
    phases.rebuilt = true;
    ({ rows: indexes } = await client.query(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = 'orders'::regclass
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    ));
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    console.log(
      `    dropped ${indexes.length} secondary indexes: ${indexes.map((index) => index.name).join(', ')}`,
    );
  }
  const insertStarted = performance.now();
  // In slices of 100,000 so that one statement's memory and WAL stay modest.
  for (let done = 0; done < add; done += 100_000) {
    const n = Math.min(100_000, add - done);
    await client.query(
      `INSERT INTO orders (payment_uid, merchant_uid, merchant_order_id, request_digest, transaction_type,
         accounting_type, payterm, payment, currency, country, channel, amount, final_amount, to_account,
         to_name, to_bank_name, redirect_url, response_type, ip, signature_key, extra, payment_status,
         expires_at, status_changed_at, created_at, updated_at)
       SELECT (lpad(to_hex((extract(epoch FROM now() - (g || ' seconds')::interval) * 1000)::bigint), 12, '0')
           || '7' || substr(md5(random()::text), 1, 3) || substr('89ab', 1 + floor(random() * 4)::int, 1)
           || substr(md5(random()::text), 1, 15))::uuid::text, $1, 'G' || ($3::int + g), md5(g::text) || md5(g::text), 'income',
         'receive', 'UPI', 'india', 'INR', 'India', 'payment_india', 10000 + g % 1000, 10000 + g % 1000,
         'benchshop@okaxis', 'Bench Shop', 'UPI', 'https://shop.example/return', 'json', '127.0.0.1', $2,
         'upi://pay?pa=benchshop%40okaxis&pn=Bench%20Shop&am=100.00&cu=INR&tr=' || md5(g::text), 'pending',
         now() + interval '1 day', now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, now()
       FROM generate_series(1, $4::int) AS g`,
      [merchant.merchant_uid, merchant.api_key, from + done, n],
    );
    if (add >= 2_000_000 && (done + n) % 1_000_000 === 0) {
      console.log(
        `    inserted ${(done + n).toLocaleString('en')} of ${add.toLocaleString('en')} rows in ${seconds(insertStarted)} s (load ${load()})`,
      );
    }
  }
  phases.insert = seconds(insertStarted);
  const indexStarted = performance.now();
  if (indexes.length > 0) {
    await client.query(`SET maintenance_work_mem = '1GB'`);
    for (const index of indexes) {
      const started = performance.now();
      await client.query(index.definition);
      console.log(`    built ${index.name} in ${seconds(started)} s (load ${load()})`);
    }
    await client.query('RESET maintenance_work_mem');
  }
  phases.indexes = seconds(indexStarted);
  const vacuumStarted = performance.now();
  await client.query('VACUUM ANALYZE orders');
  phases.vacuum = seconds(vacuumStarted);
  // The load's dirty pages written out now, not by a checkpoint running during the first
  // measurement (a load of 1M orders writes about 1 GB of WAL, past max_wal_size).
  const checkpointStarted = performance.now();
  await client.query('CHECKPOINT');
  phases.checkpoint = seconds(checkpointStarted);
  return phases;
}

main(
  async () => {
    const machine = printMachine();
    const db = await createDatabase();
    const service = await startService({ env: { DATABASE_URL: db.url }, label: 'growth' });
    const merchant = await createMerchant(service.url);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();

    /**
     * CPU seconds of the service process and of each PostgreSQL client backend on the bench
     * database other than this script's own connection (the service's pool; an autovacuum worker
     * on the database is left out).
     */
    const cpuReading = async () => {
      const { rows } = await client.query(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      return {
        service: processCpuSeconds(service.pid),
        backends: new Map(rows.map((row) => [row.pid, processCpuSeconds(row.pid)])),
      };
    };
    /**
     * CPU microseconds per request between two readings: the service's, and the backends' (those
     * alive at the second reading, less what each had at the first; one opened in between counts
     * whole, one closed in between is lost).
     */
    const cpuPer = (before, after, requests) => {
      let postgres = 0;
      for (const [pid, used] of after.backends) postgres += (used ?? 0) - (before.backends.get(pid) ?? 0);
      const us = (value) => Math.round((value * 1e6) / Math.max(1, requests));
      return { requests, serviceUs: us(after.service - before.service), postgresUs: us(postgres) };
    };
    /** Runs `fn`, answering its result with `cpu`, the CPU per request of `count(result)` requests. */
    const measured = async (fn, count) => {
      const before = await cpuReading();
      const result = await fn();
      const after = await cpuReading();
      return { ...result, cpu: cpuPer(before, after, count(result)) };
    };

    const results = [];
    try {
      // The first size is the baseline: warm the service up first (its code compiled, its
      // connections open) on every part driven below, each for as long as a measured run, so the
      // baseline's CPU per request is not that of its first, still interpreted, requests.
      await wrk({ url: service.url, requests: createRequests(merchant, 20_000), connections, duration });
      const { rows: warmOrders } = await client.query('SELECT payment_uid FROM orders LIMIT 200');
      const warmPaths = warmOrders.map((row) => `/checkout/api/orders/${row.payment_uid}`);
      await wrk({ url: service.url, paths: warmPaths, connections, duration });
      await creditToStream(service.url, await claimedOrders(service.url, merchant, 100));
      await wrk({
        url: service.url,
        paths: ['/operator/api/order-search?limit=50', '/operator/api/order-search?q=G1'],
        headers: () => ({ Authorization: `Bearer ${OPERATOR_TOKEN}` }),
        connections: 8,
        duration,
      });
      let loaded = 0;
      for (const size of sizes) {
        const [{ count: existing }] = (await client.query('SELECT count(*)::int AS count FROM orders')).rows;
        const add = Math.max(0, size - existing);
        const loadLoad = load();
        const started = performance.now();
        const phases = await loadOrders(client, merchant, loaded, add);
        loaded += add;
        const loadSeconds = (performance.now() - started) / 1000;
        console.log(
          `    ${add.toLocaleString('en')} orders added in ${loadSeconds.toFixed(1)} s: insert ${phases.insert} s, indexes ${phases.indexes} s, VACUUM ANALYZE ${phases.vacuum} s, CHECKPOINT ${phases.checkpoint} s (load ${loadLoad} at the start, ${load()} at the end)`,
        );
        const { rows: sample } = await client.query(
          'SELECT payment_uid FROM orders TABLESAMPLE SYSTEM (1) LIMIT 2000',
        );
        const uids = sample.length > 0 ? sample.map((row) => row.payment_uid) : [];
        if (uids.length < 100) {
          const { rows } = await client.query('SELECT payment_uid FROM orders ORDER BY random() LIMIT 2000');
          uids.splice(0, uids.length, ...rows.map((row) => row.payment_uid));
        }
        // The background work (expiry sweep, callbacks, payouts) must not grow with the table.
        const idleBefore = cpuSnapshot([service.pid]);
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        const idleAfter = cpuSnapshot([service.pid]);
        const idle = {
          servicePercent: Math.round(((idleAfter.pids[0] - idleBefore.pids[0]) / 5) * 1000) / 10,
          postgresPercent: Math.round((postgresCpuBetween(idleBefore, idleAfter) / 5) * 1000) / 10,
        };
        const requests = createRequests(merchant, Math.max(20_000, duration * 5_000));
        const createLoad = load();
        const create = await measured(
          () => wrk({ url: service.url, requests, connections, duration }),
          answered,
        );
        const firstLoad = load();
        const first = await measured(
          () => firstPolls(service.url, uids, connections),
          (run) => run.count,
        );
        const pollLoad = load();
        const polls = [];
        const pollCpu = await measured(
          async () => {
            for (let run = 0; run < 3; run++) {
              polls.push(
                await wrk({
                  url: service.url,
                  paths: uids.map((uid) => `/checkout/api/orders/${uid}`),
                  connections,
                  duration,
                }),
              );
            }
            return {};
          },
          () => polls.reduce((sum, run) => sum + answered(run), 0),
        );
        const poll = {
          ...[...polls].sort((a, b) => a.p99 - b.p99)[1],
          p99s: polls.map((run) => run.p99),
          cpu: pollCpu.cpu,
        };
        const streamLoad = load();
        const claimed = await claimedOrders(service.url, merchant, streamSamples);
        let streamBefore;
        let streamAfter;
        const streamResult = await creditToStream(service.url, claimed, {
          start: async () => {
            streamBefore = await cpuReading();
          },
          end: async () => {
            streamAfter = await cpuReading();
          },
        });
        const stream = { ...streamResult, cpu: cpuPer(streamBefore, streamAfter, claimed.length) };
        // The stream part has just added its claims and credits, which the first page's credit
        // facts read: the statistics brought up to date as autovacuum would within its naptime,
        // so that the search is not timed on the plans of tables it still takes for near empty.
        await client.query('ANALYZE utr_claims, bank_credits');
        const searchLoad = load();
        // An order that exists at every size (the 1k size loads no orders of its own: the
        // warm-up's are more), so every size's search finds one order and reads its credit facts.
        const {
          rows: [searched],
        } = await client.query(
          'SELECT merchant_order_id FROM orders ORDER BY created_at DESC, payment_uid DESC LIMIT 1 OFFSET 1000',
        );
        const auth = { Authorization: `Bearer ${OPERATOR_TOKEN}` };
        const searchPaths = [
          '/operator/api/order-search?limit=50',
          `/operator/api/order-search?q=${encodeURIComponent(searched.merchant_order_id)}`,
          '/operator/api/order-search?q=bench%20payer',
        ];
        const search = await measured(
          () =>
            wrk({
              url: service.url,
              paths: searchPaths,
              headers: () => auth,
              connections: 8,
              duration,
            }),
          answered,
        );
        const [{ count }] = (await client.query('SELECT count(*)::int AS count FROM orders')).rows;
        const [{ size: bytes }] = (
          await client.query(`SELECT pg_size_pretty(pg_total_relation_size('orders')) AS size`)
        ).rows;
        const row = {
          orders: size,
          rowsAfter: count,
          tableSize: bytes,
          loadSeconds: Number(loadSeconds.toFixed(1)),
          loadPhases: { ...phases, load: loadLoad },
          idle,
          create: { ...create, load: createLoad },
          first: { ...first, load: firstLoad },
          poll: { ...poll, load: pollLoad },
          stream: { ...stream, load: streamLoad },
          search: { ...search, load: searchLoad },
        };
        results.push(row);
        const base = results[0];
        const ratio = (part) => (row[part].p99 / base[part].p99).toFixed(2);
        const cpuRatio = (part, side) => (row[part].cpu[side] / Math.max(1, base[part].cpu[side])).toFixed(2);
        const cpu = (part) =>
          `CPU per request service ${row[part].cpu.serviceUs} us (x${cpuRatio(part, 'serviceUs')}) + PostgreSQL ${row[part].cpu.postgresUs} us (x${cpuRatio(part, 'postgresUs')})`;
        console.log(
          `  ${String(size).padStart(8)} orders (${bytes}, loaded in ${row.loadSeconds} s): idle CPU service ${idle.servicePercent}%, PostgreSQL ${idle.postgresPercent}%;` +
            ` create ${create.rps}/s p50 ${create.p50} p99 ${create.p99} ms (load ${createLoad}, p99 x${ratio('create')}; ${cpu('create')});` +
            ` first poll of ${first.count} p50 ${first.p50} p99 ${first.p99} ms (load ${firstLoad}, p99 x${ratio('first')}; ${cpu('first')});` +
            ` waiting poll ${poll.rps}/s p50 ${poll.p50} p99 ${poll.p99} ms (median of ${poll.p99s.join(', ')}; load ${pollLoad}, p99 x${ratio('poll')}; ${cpu('poll')});` +
            ` credit -> stream p50 ${stream.p50} p99 ${stream.p99} ms (credit request alone p50 ${stream.request.p50} p99 ${stream.request.p99}; load ${streamLoad}, p99 x${ratio('stream')}; ${cpu('stream')}, a request being one credit and its pushed event);` +
            ` console search ${search.rps}/s p50 ${search.p50} p99 ${search.p99} ms (load ${searchLoad}, p99 x${ratio('search')}; ${cpu('search')})`,
        );
      }
    } finally {
      await client.end();
      await service.stop();
    }
    // The growth table: CPU per request (service + PostgreSQL backends, µs) and its ratio to the
    // first size, the p99 ratio beside it as context.
    const parts = ['create', 'first', 'poll', 'stream', 'search'];
    console.log(`\n  orders     | ${parts.map((part) => part.padEnd(44)).join(' | ')}`);
    for (const row of results) {
      const base = results[0];
      const cells = parts.map((part) => {
        const total = row[part].cpu.serviceUs + row[part].cpu.postgresUs;
        const baseTotal = base[part].cpu.serviceUs + base[part].cpu.postgresUs;
        return `${row[part].cpu.serviceUs}+${row[part].cpu.postgresUs} us x${(total / Math.max(1, baseTotal)).toFixed(2)} (p99 x${(row[part].p99 / base[part].p99).toFixed(2)})`.padEnd(
          44,
        );
      });
      console.log(`  ${String(row.orders).padStart(10)} | ${cells.join(' | ')}`);
    }
    console.log(JSON.stringify({ machine, connections, duration, results }));
  },
  { limitSeconds: hasSwitch('ten-million') ? 5400 : 1800 },
);
