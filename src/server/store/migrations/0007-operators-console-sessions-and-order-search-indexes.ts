import type { Migration } from '../migration.js';

/**
 * Named operator tokens and console sessions (the operator console). Tokens and session ids are
 * random and stored only as SHA-256 digests; the root token (OPERATOR_TOKEN) stays in the
 * configuration. The search indexes keep the console's order lists fast at 100,000+ orders.
 */
export const migration: Migration = {
  version: 7,
  name: 'operators, console sessions and order search indexes',
  sql: `
CREATE TABLE operators (
  name text PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9._-]{0,39}$'),
  token_digest text NOT NULL UNIQUE,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE operator_sessions (
  id_digest text PRIMARY KEY,
  operator_name text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  client_ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX operator_sessions_expiry ON operator_sessions (expires_at);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_name);

CREATE INDEX orders_created_uid ON orders (created_at DESC, payment_uid DESC);
CREATE INDEX orders_status_created ON orders (payment_status, created_at DESC);
CREATE INDEX orders_merchant_order_id ON orders (merchant_order_id);
CREATE INDEX orders_payer_name ON orders (lower(from_name) text_pattern_ops) WHERE from_name <> '';
CREATE INDEX bank_credits_order ON bank_credits (payment_uid) WHERE payment_uid IS NOT NULL;
CREATE INDEX bank_credits_created ON bank_credits (created_at DESC);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, posting_id DESC);
`,
};
