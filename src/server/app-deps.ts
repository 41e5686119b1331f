import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Metrics } from './http/metrics.js';
import type { Logger } from './log.js';
import type { Db } from './store/db.js';

/** Everything the app needs from the outside, passed in once (no globals, no process.env). */
export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Logger;
  readonly metrics: Metrics;
  /** Wakes the callback dispatcher after a commit that wrote to the outbox. */
  readonly outbox: OutboxSignal;
}

/**
 * Lets the process that committed a change wake its dispatcher at once instead of at the next
 * poll. Declared here, beside the dependencies that carry it, so that notify/ (which implements
 * it) and the folders that use it depend on this file and not on each other.
 */
export interface OutboxSignal {
  wake(): void;
}
