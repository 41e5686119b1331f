#!/usr/bin/env node
/**
 * Growth: creation and poll latency as the orders table grows, on PostgreSQL (one process).
 * The table is bulk-loaded for one merchant (INSERT ... SELECT generate_series, pending UPI
 * orders with a far expiry so the expiry sweep has nothing to do, then VACUUM ANALYZE) to 1,000,
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
 * operator's token): the first page, a search by merchant order id and a search by payer name
 * prefix, p99 as a ratio to the first size.
 *
 * Usage: npm run bench:growth   (node bench/growth.mjs [--sizes 1000,100000,1000000] [--duration 8]
 *                                [--stream-samples 600] [--ten-million])
 *
 * `--ten-million` adds 10,000,000 orders as a last size. Loading them takes about ten times the
 * 1M size's load (the bench prints each size's load time; the orders table with its indexes is
 * about 12 GB), so the run takes about an hour and needs about 15 GB free for PostgreSQL.
 *
 * A p99 of one run swings by a third between runs of the same size on this shared machine (one
 * stall of the machine lands on many requests at once), so the waiting poll runs three times and
 * the median run's p99 is the figure, and the stream's p99 is taken over 600 credits.
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
  startService,
  wrk,
} from './lib.mjs';
import { claimedOrders, creditToStream } from './sse-client.mjs';

const sizes = option('sizes', '1000,100000,1000000').split(',').map(Number);
if (hasSwitch('ten-million') && !sizes.includes(10_000_000)) sizes.push(10_000_000);
const duration = option('duration', 8);
const connections = option('connections', 64);
const streamSamples = option('stream-samples', 600);
const load = () => loadavg()[0].toFixed(2);

main(
  async () => {
    const machine = printMachine();
    const db = await createDatabase();
    const service = await startService({ env: { DATABASE_URL: db.url }, label: 'growth' });
    const merchant = await createMerchant(service.url);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const results = [];
    try {
      // The first size is the baseline: warm the service up first (its code compiled, its
      // connections open), so the baseline is not its first seconds.
      await wrk({ url: service.url, requests: createRequests(merchant, 8_000), connections, duration: 3 });
      const { rows: warmOrders } = await client.query('SELECT payment_uid FROM orders LIMIT 200');
      const warmPaths = warmOrders.map((row) => `/checkout/api/orders/${row.payment_uid}`);
      await wrk({ url: service.url, paths: warmPaths, connections, duration: 3 });
      let loaded = 0;
      for (const size of sizes) {
        const [{ count: existing }] = (await client.query('SELECT count(*)::int AS count FROM orders')).rows;
        const add = size - existing;
        const started = performance.now();
        // In slices of 100,000 so that one statement's memory and WAL stay modest.
        for (let from = 0; from < add; from += 100_000) {
          const n = Math.min(100_000, add - from);
          await client.query(
            `INSERT INTO orders (payment_uid, merchant_uid, merchant_order_id, request_digest, transaction_type,
               accounting_type, payterm, payment, currency, country, channel, amount, final_amount, to_account,
               to_name, to_bank_name, redirect_url, response_type, ip, signature_key, extra, payment_status,
               expires_at, status_changed_at, created_at, updated_at)
             SELECT gen_random_uuid()::text, $1, 'G' || ($3::int + g), md5(g::text) || md5(g::text), 'income',
               'receive', 'UPI', 'india', 'INR', 'India', 'payment_india', 10000 + g % 1000, 10000 + g % 1000,
               'benchshop@okaxis', 'Bench Shop', 'UPI', 'https://shop.example/return', 'json', '127.0.0.1', $2,
               'upi://pay?pa=benchshop%40okaxis&pn=Bench%20Shop&am=100.00&cu=INR&tr=' || md5(g::text), 'pending',
               now() + interval '1 day', now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, now()
             FROM generate_series(1, $4::int) AS g`,
            [merchant.merchant_uid, merchant.api_key, loaded + from, n],
          );
        }
        loaded += Math.max(0, add);
        await client.query('VACUUM ANALYZE orders');
        const loadSeconds = (performance.now() - started) / 1000;
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
        const create = await wrk({ url: service.url, requests, connections, duration });
        const firstLoad = load();
        const first = await firstPolls(service.url, uids, connections);
        const pollLoad = load();
        const polls = [];
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
        const poll = { ...[...polls].sort((a, b) => a.p99 - b.p99)[1], p99s: polls.map((run) => run.p99) };
        const streamLoad = load();
        const stream = await creditToStream(
          service.url,
          await claimedOrders(service.url, merchant, streamSamples),
        );
        const searchLoad = load();
        const middle = Math.floor(size / 2);
        const auth = { Authorization: `Bearer ${OPERATOR_TOKEN}` };
        const searchPaths = [
          '/operator/api/order-search?limit=50',
          `/operator/api/order-search?q=G${middle}`,
          '/operator/api/order-search?q=bench%20payer',
        ];
        const search = await wrk({
          url: service.url,
          paths: searchPaths,
          headers: () => auth,
          connections: 8,
          duration,
        });
        const [{ count }] = (await client.query('SELECT count(*)::int AS count FROM orders')).rows;
        const [{ size: bytes }] = (
          await client.query(`SELECT pg_size_pretty(pg_total_relation_size('orders')) AS size`)
        ).rows;
        const row = {
          orders: size,
          rowsAfter: count,
          tableSize: bytes,
          loadSeconds: Number(loadSeconds.toFixed(1)),
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
        console.log(
          `  ${String(size).padStart(8)} orders (${bytes}, loaded in ${row.loadSeconds} s): idle CPU service ${idle.servicePercent}%, PostgreSQL ${idle.postgresPercent}%; create ${create.rps}/s p50 ${create.p50} p99 ${create.p99} ms (load ${createLoad}, p99 x${ratio('create')});` +
            ` first poll of ${first.count} p50 ${first.p50} p99 ${first.p99} ms (load ${firstLoad}, p99 x${ratio('first')});` +
            ` waiting poll ${poll.rps}/s p50 ${poll.p50} p99 ${poll.p99} ms (median of ${poll.p99s.join(', ')}; load ${pollLoad}, p99 x${ratio('poll')});` +
            ` credit -> stream p50 ${stream.p50} p99 ${stream.p99} ms (credit request alone p50 ${stream.request.p50} p99 ${stream.request.p99}; load ${streamLoad}, p99 x${ratio('stream')});` +
            ` console search ${search.rps}/s p50 ${search.p50} p99 ${search.p99} ms (load ${searchLoad}, p99 x${ratio('search')})`,
        );
      }
    } finally {
      await client.end();
      await service.stop();
    }
    console.log(JSON.stringify({ machine, connections, duration, results }));
  },
  { limitSeconds: hasSwitch('ten-million') ? 5400 : 1800 },
);
