import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Metrics } from './http/metrics.js';
import type { Logger } from './log.js';
import type { OutboxSignal } from './notify/outbox.js';
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
