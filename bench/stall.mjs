#!/usr/bin/env node
/**
 * Stalls of the event loop under a crowd of waiting payers: wrk with 64 connections polls 64
 * orders (`PAYER_RATE_LIMIT_SCALE` raised, as payers behind many addresses) while a few payments
 * a second go through beside them (bench/journey-steps.mjs without the stream: creation, the
 * page's read, a UTR claim, the bank's credit by SMS, the signed callback). Printed per store:
 * the poll's p50/p99 and the service's event-loop delay p50/p99/max (perf_hooks
 * monitorEventLoopDelay, read from /metrics as nodejs_eventloop_lag_*: the histogram restarts at
 * each scrape) for the first seconds after the start (warm-up) and for the warmed run apart, the
 * CPU per poll, the payments done and the load average. The embedded store's figures are the
 * target (poll p99 and loop delay p99 at most 20 ms); PostgreSQL's, under the same load, are its
 * baseline. `embedded-main` is the embedded store with PGlite on the service's thread
 * (EMBEDDED_STORE_THREAD=main, as before decision 0041), to compare in one run.
 *
 * Usage: npm run bench:stall   (node bench/stall.mjs [--stores embedded,embedded-main,pg] [--duration 10]
 *                               [--warmup 5] [--payments 3] [--connections 64] [--orders 64])
 * Needs `npm run build`, wrk, and PostgreSQL at BENCH_PG_URL for the pg store.
 */
import { journey, journeySetup } from './journey-steps.mjs';
import {
  createDatabase,
  createOrder,
  main,
  option,
  printMachine,
  processMetrics,
  processStats,
  sleep,
  startService,
  storesOption,
  wrk,
} from './lib.mjs';

const stores = storesOption(['embedded', 'pg']);
const duration = option('duration', 10);
const warmup = option('warmup', 5);
const paymentsPerSecond = option('payments', 3);
const connections = option('connections', 64);
const orderCount = option('orders', 64);

/** Journeys at `rate` a second until `stop()`; answers how many finished and failed. */
function paymentsBeside(setup, rate) {
  let running = true;
  const runs = [];
  const loop = (async () => {
    while (running) {
      runs.push(journey(setup, { claimDelayMs: 200, stream: false }).catch((error) => ({ error })));
      await sleep(1000 / rate);
    }
  })();
  return async () => {
    running = false;
    await loop;
    const results = await Promise.all(runs);
    const failed = results.filter((result) => result.error);
    return { payments: results.length, failed: failed.length, firstError: failed[0]?.error?.message };
  };
}

async function pollRun(service, setup, paths, seconds) {
  await processMetrics(service.url); // restarts the event-loop delay histogram
  const cpu = processStats(service.pid).cpuSeconds;
  const stop = paymentsBeside(setup, paymentsPerSecond);
  const poll = await wrk({ url: service.url, paths, connections, duration: seconds });
  const payments = await stop();
  const loop = await processMetrics(service.url);
  const cpuUs = Math.round(
    ((processStats(service.pid).cpuSeconds - cpu) * 1e6) / Math.max(1, poll.rps * poll.seconds),
  );
  return { poll, loop, payments, cpuUs };
}

function print(name, run) {
  console.log(
    `  ${name.padEnd(8)} poll ${run.poll.rps} req/s p50 ${run.poll.p50} / p99 ${run.poll.p99} ms${run.poll.bad ? ` (${run.poll.bad} bad)` : ''}` +
      `  event loop delay p50 ${run.loop.loopP50} / p99 ${run.loop.loopP99} / max ${run.loop.loopMax} ms` +
      `  CPU per poll ${run.cpuUs} us  payments ${run.payments.payments}${run.payments.failed ? ` (${run.payments.failed} failed: ${run.payments.firstError})` : ''}` +
      `  RSS ${run.loop.rssMb} MB  (load ${run.poll.load})`,
  );
}

main(
  async () => {
    const machine = printMachine();
    const results = [];
    for (const store of stores) {
      const env =
        store === 'pg'
          ? { DATABASE_URL: (await createDatabase()).url }
          : store === 'embedded-main'
            ? { EMBEDDED_STORE_THREAD: 'main' }
            : {};
      const service = await startService({ env, label: `stall-${store}` });
      const setup = await journeySetup(service.url, { sources: Math.max(8, paymentsPerSecond + 4) });
      const paths = [];
      for (let i = 0; i < orderCount; i += 32) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(32, orderCount - i) }, () =>
            createOrder(service.url, setup.merchant),
          ),
        );
        for (const data of batch) paths.push(`/checkout/api/orders/${data.payment.payment_uid}`);
      }
      console.log(
        `\n${store}: ${connections} connections polling ${paths.length} orders, ${paymentsPerSecond} payments/s beside`,
      );
      const warm = await pollRun(service, setup, paths, warmup);
      print('warm-up', warm);
      const run = await pollRun(service, setup, paths, duration);
      print('warmed', run);
      results.push({ store, warmup: warm, warmed: run });
      await setup.receiver.close();
      await service.stop();
    }
    console.log(
      `\n${JSON.stringify({ machine, connections, duration, warmup, paymentsPerSecond, results })}`,
    );
  },
  { limitSeconds: 900 },
);
