/**
 * Loaded into a service process by a bench (`node --expose-gc --import bench/gc-on-signal.mjs`):
 * on SIGUSR2 it runs a full garbage collection and writes the heap figures to stderr as
 * `bench-gc <n> <json>`, so that the bench reads memory after GC without the service knowing.
 */
let count = 0;
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  count += 1;
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stderr.write(`bench-gc ${count} ${JSON.stringify({ rss, heapUsed, external, arrayBuffers })}\n`);
});
