import type { Migration } from '../migration.js';

/**
 * A merchant's own defaults for its orders (docs/merchant-portal.md, Settings): the notify URL an
 * order that names none is called back at, and the origins an order's redirect_url must be on
 * (none: any).
 */
export const migration: Migration = {
  version: 20,
  name: 'merchant default notify url and redirect origins',
  sql: `
ALTER TABLE merchants ADD COLUMN default_notify_url text NOT NULL DEFAULT '';
ALTER TABLE merchants ADD COLUMN redirect_origins text[] NOT NULL DEFAULT '{}';
`,
};
