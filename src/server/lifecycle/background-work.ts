/**
 * The periodic work of a service process: expiring unpaid orders, failing claims no payment
 * followed, moving payouts along, making available the pending money of texts' credits whose hold
 * ended and, once a minute, dropping rate-limit buckets that are full again and watching the credit
 * sources for silence.
 * Each pass is safe to run in several processes at once and after a restart.
 */
import type { PayoutChannel } from '../channel/payout-channel.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { Db } from '../store/db.js';
import { sweepRateLimits } from '../store/rate-limit-store.js';
import { advancePayouts, type PayoutChannels } from './commands/advance-payouts.js';
import { expireDueOrders } from './commands/expire-orders.js';
import { DEFAULT_CLAIM_GRACE_SECONDS, failUnpaidClaims } from './commands/fail-unpaid-claims.js';

export interface BackgroundWorkDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Logger;
  /** The payout channels (each payout's own, service.ts), one channel for all, or none. */
  readonly channel: PayoutChannels | PayoutChannel | undefined;
  readonly intervalMs?: number;
  /** CLAIM_GRACE_SECONDS: how long after expiry an unpaid claim fails. */
  readonly claimGraceSeconds?: number;
  /**
   * The end of credit holds (credits/commands/clear-held-credits.ts with UNCONFIRMED_CREDIT_HOLD_HOURS),
   * given by service.ts: the credits depend on the lifecycle, not the other way round.
   */
  readonly clearHeldCredits?: () => Promise<number>;
  /** The watch over silent credit sources (credits/commands/watch-sources.ts), once a minute. */
  readonly watchSources?: () => Promise<unknown>;
}

export interface BackgroundWork {
  runOnce(): Promise<{ expired: number; unpaid: number; payouts: number; cleared: number }>;
  start(): void;
  stop(): Promise<void>;
}

export function createBackgroundWork(deps: BackgroundWorkDeps): BackgroundWork {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let lastSweepMs = Number.NEGATIVE_INFINITY;
  const runOnce = async () => {
    const now = deps.clock.now();
    if (now.getTime() - lastSweepMs >= 60_000) {
      lastSweepMs = now.getTime();
      await sweepRateLimits(deps.db, now);
      await deps.watchSources?.();
    }
    const expired = await expireDueOrders(deps.db, now);
    const unpaid = await failUnpaidClaims(
      deps.db,
      now,
      deps.claimGraceSeconds ?? DEFAULT_CLAIM_GRACE_SECONDS,
    );
    const payouts = deps.channel ? await advancePayouts(deps.db, deps.channel, now) : 0;
    const cleared = deps.clearHeldCredits ? await deps.clearHeldCredits() : 0;
    return { expired, unpaid, payouts, cleared };
  };
  const tick = () => {
    running = runOnce()
      .catch((error: unknown) => deps.log.error('background pass failed', { error }))
      .finally(() => {
        if (timer !== undefined) timer = setTimeout(tick, deps.intervalMs ?? 1000);
      });
  };
  return {
    runOnce,
    start() {
      timer = setTimeout(tick, 0);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
