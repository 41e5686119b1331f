#!/usr/bin/env node
/**
 * Event streams opened and dropped by many clients leak nothing: `--cycles` times (`--concurrency`
 * at once) a client opens GET /checkout/api/orders/{uid}/events on one of 64 pending orders,
 * reads the first event (or, every fourth time, only the answer's headers) and drops the
 * connection. Before (after a warm-up of 500 cycles), after `--cycles` and after twice that, the
 * service is asked for a full GC (bench/gc-on-signal.mjs, loaded with --expose-gc) and its open
 * file descriptors (/proc/<pid>/fd), resident memory and V8 heap are read. The first reading is
 * the baseline of the same run; a leak shows as growth from the second reading to the third.
 *
 * Usage: node bench/stream-cycles.mjs [pg|embedded] [--cycles 10000] [--concurrency 64]
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ARGS,
  createDatabase,
  createMerchant,
  createOrder,
  main,
  option,
  printMachine,
  processStats,
  ROOT,
  sleep,
  startService,
} from './lib.mjs';
import { openStream } from './sse-client.mjs';

const store = ARGS[0] && !ARGS[0].startsWith('--') ? ARGS[0] : 'pg';
const cycles = option('cycles', 10_000);
const concurrency = option('concurrency', 64);

/** Full GC in the service, then its descriptors, RSS and heap. */
async function reading(service, label) {
  const seen = (service.output().match(/bench-gc \d+/g) ?? []).length;
  process.kill(service.pid, 'SIGUSR2');
  let line;
  for (let i = 0; i < 200 && !line; i++) {
    await sleep(50);
    const all = [...service.output().matchAll(/bench-gc (\d+) (\{[^\n]*\})/g)];
    if (all.length > seen) line = all.at(-1);
  }
  if (!line) throw new Error('the service did not answer the GC signal');
  await sleep(200);
  const memory = JSON.parse(line[2]);
  const stats = processStats(service.pid);
  const row = {
    label,
    load: loadavg()[0].toFixed(2),
    fds: stats.fds,
    rssMb: stats.rssMb,
    heapMb: Math.round((memory.heapUsed / 2 ** 20) * 10) / 10,
    externalMb: Math.round((memory.external / 2 ** 20) * 10) / 10,
  };
  console.log(
    `  ${label.padEnd(24)} fds ${row.fds}, RSS ${row.rssMb} MB, heap ${row.heapMb} MB, external ${row.externalMb} MB (load ${row.load})`,
  );
  return row;
}

async function run(url, uids, count) {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        try {
          const stream = await openStream(url, uids[n % uids.length]);
          if (n % 4 !== 3) await stream.waitFor('pending');
          stream.close();
        } catch {
          failed += 1;
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, failed };
}

main(
  async () => {
    const m = printMachine();
    const env = store === 'pg' ? { DATABASE_URL: (await createDatabase()).url } : {};
    const preload = pathToFileURL(join(ROOT, 'bench/gc-on-signal.mjs')).href;
    const service = await startService({ env, label: store, nodeArgs: ['--expose-gc', '--import', preload] });
    const merchant = await createMerchant(service.url);
    const uids = [];
    for (let i = 0; i < 64; i += 16) {
      const batch = await Promise.all(Array.from({ length: 16 }, () => createOrder(service.url, merchant)));
      uids.push(...batch.map((data) => data.payment.payment_uid));
    }
    console.log(`${store}: ${cycles} open/close cycles of an event stream, ${concurrency} at once, twice`);
    await run(service.url, uids, 500);
    await sleep(1000);
    const rows = [await reading(service, 'after 500 (warm-up)')];
    const runs = [];
    for (const total of [cycles, 2 * cycles]) {
      const result = await run(service.url, uids, cycles);
      runs.push(result);
      console.log(
        `  ${cycles} cycles in ${result.seconds.toFixed(1)} s (${Math.round(cycles / result.seconds)}/s), ${result.failed} failed`,
      );
      await sleep(1000);
      rows.push(await reading(service, `after ${total} cycles`));
    }
    const [base, , last] = rows;
    console.log(
      `  after ${2 * cycles} cycles against the warm-up baseline: fds ${last.fds - base.fds >= 0 ? '+' : ''}${last.fds - base.fds}, RSS x${(last.rssMb / base.rssMb).toFixed(2)}, heap x${(last.heapMb / base.heapMb).toFixed(2)}`,
    );
    await service.stop();
    console.log(`\n${JSON.stringify({ machine: m, store, cycles, concurrency, rows, runs })}`);
  },
  { limitSeconds: 1200 },
);
