import type { Migration } from '../migration.js';

/**
 * Credit sources watched (credits/commands/watch-sources.ts): the forwarder's last heartbeat, and
 * when the watch announced the source silent (null while it is not), so that each silence is
 * announced once, by one process, and its recovery too. When a source last received a text and how
 * many it received in the last hour are read from `raw_texts`, by source and time.
 */
export const migration: Migration = {
  version: 18,
  name: 'credit source watch',
  sql: `
ALTER TABLE credit_sources ADD COLUMN last_heartbeat_at timestamptz;
ALTER TABLE credit_sources ADD COLUMN silent_since timestamptz;
CREATE INDEX raw_texts_source_time ON raw_texts (source_id, created_at DESC);
`,
};
