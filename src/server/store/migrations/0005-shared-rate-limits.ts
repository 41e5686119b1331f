import type { Migration } from '../migration.js';

/** Token buckets for the limits that must hold across processes (UTR claims, operator auth failures). */
export const migration: Migration = {
  version: 5,
  name: 'shared rate limits',
  sql: `
CREATE TABLE rate_limits (
  scope text NOT NULL,
  key text NOT NULL,
  tokens double precision NOT NULL,
  allowed boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX rate_limits_updated_at ON rate_limits (updated_at);
`,
};
