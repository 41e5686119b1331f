#!/usr/bin/env node
/**
 * The whole payer's journey at a rising rate (bench/journey-steps.mjs): orders are created at
 * `rate` a second for `--step-seconds`; for each, the payer's page reads the order and opens its
 * event stream, claims a UTR after `--claim-delay` ms, the bank's credit arrives by forwarded SMS,
 * the stream shows the success and the merchant's receiver gets the signed callback. A step is
 * sustained when 99% of its journeys finish (stream and callback both) within 2 s of the credit's
 * request and none fails; the rate rises until a step is not. Printed per step: the share done
 * within 2 s, p50/p99 of credit-to-done, the CPU per journey of the service, of PostgreSQL and of
 * this driver (from /proc), where the time goes (the median of each step) and the load average.
 *
 * The driver is Node on the same cores (a journey is a conversation, not a request wrk can
 * replay): its own CPU per journey is printed so that it can be taken out.
 *
 * Usage: npm run bench:journey   (node bench/journey.mjs [--stores pg,embedded]
 *                                 [--rates 2,5,10,20,40,80] [--step-seconds 10] [--claim-delay 1000])
 * Needs `npm run build` and PostgreSQL at BENCH_PG_URL for the pg store.
 */
import { loadavg } from 'node:os';
import { journey, journeySetup, stepMedians } from './journey-steps.mjs';
import {
  cpuPerRequest,
  cpuSnapshot,
  createDatabase,
  main,
  option,
  percentile,
  printMachine,
  sleep,
  startService,
  storesOption,
} from './lib.mjs';

const stores = storesOption(['pg', 'embedded']);
const rates = option('rates', '2,5,10,20,40,80').split(',').map(Number);
const stepSeconds = option('step-seconds', 10);
const claimDelayMs = option('claim-delay', 1000);
const WITHIN_MS = 2000;

async function step(setup, rate, pid) {
  const before = cpuSnapshot([pid]);
  const load = loadavg()[0].toFixed(2);
  const runs = [];
  const count = Math.max(1, Math.round(rate * stepSeconds));
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    runs.push(journey(setup, { claimDelayMs }).catch((error) => ({ error: String(error.message ?? error) })));
  }
  const results = await Promise.all(runs);
  const cpu = cpuPerRequest(before, cpuSnapshot([pid]), results.length);
  const failed = results.filter((result) => result.error);
  const done = results
    .filter((result) => !result.error && result.done !== undefined)
    .map((result) => result.done)
    .sort((a, b) => a - b);
  const within = done.filter((ms) => ms <= WITHIN_MS).length / results.length;
  return {
    rate,
    journeys: results.length,
    failed: failed.length,
    firstError: failed[0]?.error,
    within: Math.round(within * 1000) / 10,
    p50: Math.round(percentile(done, 50)),
    p99: Math.round(percentile(done, 99)),
    cpu: { service: cpu.pids[0], postgres: cpu.postgres, driver: cpu.self },
    steps: stepMedians(results.filter((result) => !result.error)),
    badSignatures: setup.receiver.stats().badSignatures,
    load,
  };
}

main(
  async () => {
    const machine = printMachine();
    const all = [];
    for (const store of stores) {
      const env = store === 'pg' ? { DATABASE_URL: (await createDatabase()).url } : {};
      const service = await startService({ env, label: `journey-${store}` });
      const setup = await journeySetup(service.url, {
        sources: Math.max(8, Math.ceil(Math.max(...rates) / 2) + 4),
      });
      console.log(
        `\n${store}: journeys at a rising rate, ${stepSeconds} s a step, claim after ${claimDelayMs} ms`,
      );
      // Warm-up, not counted: the service's code compiled, its connections open.
      await step(setup, rates[0], service.pid);
      let sustained = 0;
      for (const rate of rates) {
        const result = await step(setup, rate, service.pid);
        all.push({ store, ...result });
        const ok = result.failed === 0 && result.within >= 99;
        console.log(
          `  ${String(rate).padStart(4)}/s  ${result.journeys} journeys, ${result.within}% within 2 s of the credit` +
            ` (p50 ${result.p50} / p99 ${result.p99} ms)${result.failed ? `, ${result.failed} failed: ${result.firstError}` : ''}` +
            `  CPU per journey: service ${result.cpu.service} us, PostgreSQL ${result.cpu.postgres} us, driver ${result.cpu.driver} us` +
            `  (load ${result.load})${ok ? '' : '  NOT sustained'}`,
        );
        console.log(
          `        median ms: ${Object.entries(result.steps)
            .map(([name, ms]) => `${name} ${ms}`)
            .join(', ')}`,
        );
        if (!ok) break;
        sustained = rate;
      }
      console.log(
        `  highest sustained rate: ${sustained} journeys/s${setup.receiver.stats().badSignatures ? ` (${setup.receiver.stats().badSignatures} callbacks with a bad signature)` : ''}`,
      );
      await setup.receiver.close();
      await service.stop();
    }
    console.log(`\n${JSON.stringify({ machine, stepSeconds, claimDelayMs, results: all })}`);
  },
  { limitSeconds: 1800 },
);
