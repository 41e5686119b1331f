import type { Migration } from '../migration.js';

/**
 * Whatever a forwarder sends with a valid token is stored before anything can refuse it
 * (docs/credit-sources.md, "What is stored"). A body that cannot be taken as a text is kept with
 * outcome `invalid`, and `original` holds its bytes exactly as they came (NUL and bytes that are
 * no UTF-8 cannot be held in `body`, a text column). The list of outcomes also opens for
 * `suspect` (a text from a sender that is not the bank) and `dismissed` (put aside by an operator).
 */
export const migration: Migration = {
  version: 12,
  name: 'alert texts kept as received',
  sql: `
ALTER TABLE raw_texts ADD COLUMN original bytea;
ALTER TABLE raw_texts DROP CONSTRAINT raw_texts_outcome_check;
ALTER TABLE raw_texts ADD CONSTRAINT raw_texts_outcome_check CHECK (outcome IN
  ('received', 'credit', 'duplicate', 'conflict', 'ignored', 'unparsed', 'fixed', 'invalid', 'suspect', 'dismissed'));
`,
};
