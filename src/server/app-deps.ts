import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Metrics } from './http/metrics.js';
import type { Logger } from './log.js';
import type { ChangeFeed } from './store/change-feed.js';
import type { Db } from './store/db.js';

/** Everything the app needs from the outside, passed in once (no globals, no process.env). */
export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Logger;
  readonly metrics: Metrics;
  /** Committed changes heard from the store (order changes, callbacks due), for this process. */
  readonly changes: ChangeFeed;
}
