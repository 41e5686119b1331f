#!/usr/bin/env node
/**
 * The HTTP path against its baseline: wrk (2 threads, 64 connections) on a bare Hono app started
 * here (bench/bare-hono.mjs) and, right after it in the same run, on the service's GET /healthz
 * and the payer poll (200, and 304 with each order's If-None-Match). Every figure is printed with
 * its ratio to the bare app's run just before it and with the load average when it started.
 *
 * With --calibrate 2,5,10,20 it first measures the bare app beside itself with that many
 * microseconds of CPU added to each answer: on a machine where wrk and the server share two
 * cores the ratio falls faster than the added CPU alone explains (the load generator waits, and
 * waking it costs the server's writes more), so the curve says what each ratio is worth.
 *
 * Usage: npm run bench:http   (node bench/http.mjs [--stores pg,embedded] [--duration 10]
 *                              [--connections 64] [--orders 256] [--calibrate 2,5,10,20])
 * Needs `npm run build`, wrk, and PostgreSQL at BENCH_PG_URL for the pg store.
 */
import {
  createDatabase,
  createMerchant,
  createOrder,
  main,
  option,
  printMachine,
  processMetrics,
  processStats,
  startBareHono,
  startService,
  storesOption,
  wrk,
} from './lib.mjs';

const stores = storesOption(['pg', 'embedded']);
const duration = option('duration', 10);
const connections = option('connections', 64);
const orderCount = option('orders', 256);
const calibrate = option('calibrate', '').split(',').filter(Boolean).map(Number);

/**
 * CPU time per answered request: a busy machine slows it down but does not inflate it the way it
 * cuts throughput.
 */
function perRequestUs(seconds, run) {
  return Math.round((seconds * 1e6) / Math.max(1, run.rps * run.seconds));
}

main(
  async () => {
    const m = printMachine();
    const bare = await startBareHono();
    const results = [];
    const calibration = [];
    for (const spinUs of calibrate) {
      const spun = await startBareHono(spinUs);
      const base = await wrk({ url: bare.url, paths: ['/healthz'], connections, duration });
      const added = await wrk({ url: spun.url, paths: ['/healthz'], connections, duration });
      const ratio = Math.round((added.rps / base.rps) * 100) / 100;
      calibration.push({ spinUs, base, added, ratio });
      console.log(
        `  bare Hono + ${String(spinUs).padStart(2)} us of CPU per answer: ${added.rps} req/s against ${base.rps} req/s (load ${base.load}): ratio ${ratio}`,
      );
      await spun.stop();
    }
    for (const store of stores) {
      const env = store === 'pg' ? { DATABASE_URL: (await createDatabase()).url } : {};
      const service = await startService({ env, label: store });
      const merchant = await createMerchant(service.url);
      const uids = [];
      for (let i = 0; i < orderCount; i += 32) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(32, orderCount - i) }, () => createOrder(service.url, merchant)),
        );
        for (const data of batch) uids.push(data.payment.payment_uid);
      }
      const pollPaths = uids.map((uid) => `/checkout/api/orders/${uid}`);
      const etags = [];
      for (const path of pollPaths) {
        const response = await fetch(`${service.url}${path}`);
        etags.push(response.headers.get('etag'));
        await response.arrayBuffer();
      }
      const cases = [
        { name: 'GET /healthz', paths: ['/healthz'] },
        { name: 'poll 200', paths: pollPaths },
        { name: 'poll 304', paths: pollPaths, headers: (i) => ({ 'If-None-Match': etags[i] }) },
      ];
      console.log(`\n${store}`);
      for (const test of cases) {
        const baseCpu = processStats(bare.pid).cpuSeconds;
        const base = await wrk({ url: bare.url, paths: ['/healthz'], connections, duration });
        base.cpuUs = perRequestUs(processStats(bare.pid).cpuSeconds - baseCpu, base);
        await processMetrics(service.url); // the event-loop delay histogram restarts at each scrape
        const serviceCpu = processStats(service.pid).cpuSeconds;
        const result = await wrk({ url: service.url, ...test, connections, duration });
        result.cpuUs = perRequestUs(processStats(service.pid).cpuSeconds - serviceCpu, result);
        const process = await processMetrics(service.url);
        const ratio = Math.round((result.rps / base.rps) * 100) / 100;
        const cpuRatio = Math.round((base.cpuUs / result.cpuUs) * 100) / 100;
        results.push({ store, name: test.name, base, result, ratio, cpuRatio, process });
        console.log(
          `  ${test.name.padEnd(14)} ${String(result.rps).padStart(6)} req/s (p50 ${result.p50} / p99 ${result.p99} ms, load ${result.load}${result.bad ? `, ${result.bad} bad` : ''})` +
            `  bare Hono ${base.rps} req/s (load ${base.load})  ratio ${ratio}` +
            `  CPU per request ${result.cpuUs} us vs bare ${base.cpuUs} us: ratio ${cpuRatio}` +
            `  [event loop delay p50 ${process.loopP50} / p99 ${process.loopP99} / max ${process.loopMax} ms, RSS ${process.rssMb} MB]`,
        );
      }
      await service.stop();
    }
    console.log(`\n${JSON.stringify({ machine: m, connections, duration, calibration, results })}`);
  },
  { limitSeconds: 900 },
);
