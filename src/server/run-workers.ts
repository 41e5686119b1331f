/**
 * WORKERS=N (PostgreSQL only): this process becomes a node:cluster primary that runs N service
 * processes sharing one port. It serves nothing itself; it starts the workers, starts a worker
 * again if one dies after it was listening, and on SIGTERM/SIGINT stops them all gracefully.
 * Background work (expiry, payouts, callbacks) runs in every worker: each pass claims its rows
 * with row locks and SKIP LOCKED, as it does across machines.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import type { Logger } from './log.js';

export function runWorkers(
  config: Config,
  env: Readonly<Record<string, string | undefined>>,
  log: Logger,
  onReady: () => void,
): void {
  const workers = new Map<number, Worker>();
  const listening = new Set<number>();
  let stopping = false;
  let ready = false;

  const fork = (slot: number) => {
    const worker = cluster.fork({ ...env, WORKER_ID: `${config.workerId}-${slot}` });
    workers.set(slot, worker);
    worker.on('listening', (address) => {
      if (address.port !== config.port) return;
      listening.add(slot);
      if (!ready && listening.size === config.workers) {
        ready = true;
        log.info('workers listening', { workers: config.workers, port: config.port });
        onReady();
      }
    });
    worker.on('exit', (code, signal) => {
      workers.delete(slot);
      const wasListening = listening.delete(slot);
      if (stopping) {
        if (workers.size === 0) process.exit(process.exitCode ?? 0);
        return;
      }
      log.error('worker exited', { slot, code, signal });
      if (!wasListening) {
        // It died starting (bad store, port taken): starting it again would fail the same way.
        stop('worker failed to start', 1);
        return;
      }
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, 1000).unref();
    });
  };

  const stop = (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down workers', { reason });
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    if (exitCode !== 0) process.exitCode = exitCode;
    if (workers.size === 0) process.exit(exitCode);
    for (const worker of workers.values()) worker.process.kill('SIGTERM');
  };

  for (let slot = 1; slot <= config.workers; slot++) fork(slot);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
