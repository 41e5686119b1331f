/**
 * Delivers the callback outbox. Each pass leases due rows (see outbox-store.ts) and attempts them,
 * at most `concurrency` at once, fairly across merchants (merchant-breaker.ts: round-robin claims, a
 * per-merchant cap that grows while its endpoint answers, and a back-off for one that does not); the lease outlasts the delivery timeout, so a process that dies
 * mid-attempt only delays the row until its lease expires. Every time is read from the injected
 * clock; only the polling interval is real time. `wake()` runs a pass at once: the service calls
 * it when the change feed hears a committed outbox row (OUTBOX_CHANNEL).
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../log.js';
import type { Db } from '../store/db.js';
import { attemptCallback } from './commands/attempt-callback.js';
import { claimCallbacks } from './commands/claim-callbacks.js';
import { type DeliverCallback, deliverCallback } from './deliver-callback.js';
import { type BreakerOptions, createMerchantBreaker, DEFAULT_BREAKER } from './merchant-breaker.js';
import type { Resolver } from './outbound-guard.js';
import type { ClaimedRow } from './outbox-store.js';
import { RETRY_DELAYS_MS } from './retry-schedule.js';

export interface DispatcherDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Logger;
  readonly metrics: Pick<Metrics, 'callbackAttempts'>;
  readonly config: Pick<Config, 'allowPrivateCallbacks' | 'workerId' | 'secretKey'>;
  /** The transport; tests may replace it. */
  readonly deliver?: DeliverCallback;
  /** Hostname resolution for the outbound guard; tests may replace it. */
  readonly resolve?: Resolver;
  /** Total time one attempt may take (default 10 s). */
  readonly timeoutMs?: number;
  /** How long a claimed row stays leased (default the timeout plus 50 s). */
  readonly leaseMs?: number;
  /** Real-time pause between passes when there is nothing to do (default 500 ms). */
  readonly pollIntervalMs?: number;
  /** Attempts in flight at once (default 8). */
  readonly concurrency?: number;
  readonly retryDelays?: readonly number[];
  /** Per-merchant cap and back-off (default DEFAULT_BREAKER). */
  readonly breaker?: BreakerOptions;
}

export interface Dispatcher {
  /** Runs a pass at once (after a commit that wrote to the outbox). */
  wake(): void;
  /** One pass: leases the due rows there is room for, attempts them, and answers how many. */
  runOnce(): Promise<number>;
  /** One pass that starts the attempts without waiting for them; answers how many started. */
  launch(): Promise<number>;
  /** Starts polling; `wake()` then runs a pass at once. */
  start(): void;
  /** Stops polling and waits for the attempts in flight. */
  stop(): Promise<void>;
  /** This dispatcher's name in leases and in the attempt log. */
  readonly worker: string;
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const { db, clock, log, metrics, config } = deps;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const leaseMs = deps.leaseMs ?? timeoutMs + 50_000;
  const pollIntervalMs = deps.pollIntervalMs ?? 500;
  const concurrency = deps.concurrency ?? 8;
  // Unique per instance: two processes may share a WORKER_ID (both pid 1 in containers).
  const worker = `${config.workerId}:${randomBytes(4).toString('hex')}`;
  const attemptDeps = {
    db,
    clock,
    secretKey: config.secretKey,
    worker,
    deliver: deps.deliver ?? deliverCallback,
    delivery: { timeoutMs, allowPrivate: config.allowPrivateCallbacks, resolve: deps.resolve },
    retryDelays: deps.retryDelays ?? RETRY_DELAYS_MS,
  };
  const breaker = createMerchantBreaker(concurrency, deps.breaker ?? DEFAULT_BREAKER);
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;

  const attempt = async (row: ClaimedRow): Promise<void> => {
    // An answer of any HTTP status shows the endpoint is up; no answer counts towards a back-off.
    let answered = true;
    const deliver: DeliverCallback = async (request, options) => {
      const outcome = await attemptDeps.deliver(request, options);
      answered = outcome.httpStatus !== null;
      return outcome;
    };
    breaker.started(row.merchant_uid);
    try {
      const result = await attemptCallback({ ...attemptDeps, deliver }, row);
      metrics.callbackAttempts.inc({ outcome: result });
      log.debug('callback attempt', { outbox_id: row.id, payment_uid: row.payment_uid, result });
    } catch (error) {
      metrics.callbackAttempts.inc({ outcome: 'error' });
      log.error('callback attempt crashed', { outbox_id: row.id, payment_uid: row.payment_uid, error });
    } finally {
      breaker.finished(row.merchant_uid, answered, clock.now().getTime());
      const until = breaker.openUntil(row.merchant_uid);
      if (!answered && until !== undefined)
        log.warn('callbacks to a merchant backed off: its endpoint does not answer', {
          merchant_uid: row.merchant_uid,
          until: new Date(until).toISOString(),
        });
    }
  };

  const claimAndLaunch = async (): Promise<Promise<void>[]> => {
    const room = concurrency - inFlight.size;
    if (room <= 0) return [];
    const now = clock.now();
    const fairness = breaker.room(now.getTime());
    const rows = await claimCallbacks(db, {
      worker,
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      limit: room,
      fairness,
    });
    return rows.map((row) => {
      const done = attempt(row).finally(() => {
        inFlight.delete(done);
        if (running) schedule(0);
      });
      inFlight.add(done);
      return done;
    });
  };

  const schedule = (delayMs: number) => {
    if (!running) return;
    if (pass) {
      again = again || delayMs === 0;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      pass = tick().finally(() => {
        pass = undefined;
        const next = again ? 0 : pollIntervalMs;
        again = false;
        schedule(next);
      });
    }, delayMs);
    timer.unref();
  };

  const tick = async (): Promise<void> => {
    try {
      await claimAndLaunch();
    } catch (error) {
      log.error('callback dispatcher pass failed', { error });
    }
  };

  return {
    worker,
    async runOnce() {
      const launched = await claimAndLaunch();
      await Promise.all(launched);
      return launched.length;
    },
    async launch() {
      return (await claimAndLaunch()).length;
    },
    start() {
      if (running) return;
      running = true;
      log.info('callback dispatcher started', { worker, concurrency });
      schedule(0);
    },
    wake() {
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await pass;
      await Promise.allSettled([...inFlight]);
    },
  };
}
