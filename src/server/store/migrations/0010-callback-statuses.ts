import type { Migration } from '../migration.js';

/**
 * Per merchant, which status changes are called back (docs/merchant-api.md, Callbacks): `all` (the
 * interface's default) or `final` (only completed, reject, refund, failed and overdue). A callback
 * whose order is in another status when its turn comes is not sent under `final`: its outbox row
 * ends `skipped`.
 */
export const migration: Migration = {
  version: 10,
  name: 'callback statuses',
  sql: `
ALTER TABLE merchants
  ADD COLUMN callback_statuses text NOT NULL DEFAULT 'all' CHECK (callback_statuses IN ('all', 'final'));
ALTER TABLE outbox DROP CONSTRAINT outbox_state_check;
ALTER TABLE outbox
  ADD CONSTRAINT outbox_state_check CHECK (state IN ('pending', 'done', 'failed', 'superseded', 'skipped'));
`,
};
