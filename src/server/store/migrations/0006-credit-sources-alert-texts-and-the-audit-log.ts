import type { Migration } from '../migration.js';

/**
 * Credit sources (docs/credit-sources.md): an account's SMS forwarder, statement or API feed;
 * every alert text stored as received, with what became of it; and the operators' audit log,
 * append-only like the ledger.
 */
export const migration: Migration = {
  version: 6,
  name: 'credit sources, alert texts and the audit log',
  sql: `
CREATE TABLE credit_sources (
  id text PRIMARY KEY,
  merchant_uid text NOT NULL REFERENCES merchants (uid),
  account text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('sms', 'statement', 'api')),
  name text NOT NULL,
  token_digest text UNIQUE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX credit_sources_merchant ON credit_sources (merchant_uid, created_at);

ALTER TABLE bank_credits ADD COLUMN source_id text REFERENCES credit_sources (id);
ALTER TABLE bank_credits ADD COLUMN unmatched_reason text NOT NULL DEFAULT '';

CREATE TABLE raw_texts (
  id bigserial PRIMARY KEY,
  source_id text NOT NULL REFERENCES credit_sources (id),
  channel text NOT NULL CHECK (channel IN ('sms', 'email', 'operator')),
  sender text NOT NULL DEFAULT '',
  body text NOT NULL,
  body_digest text NOT NULL,
  received_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  outcome text NOT NULL DEFAULT 'received'
    CHECK (outcome IN ('received', 'credit', 'duplicate', 'conflict', 'ignored', 'unparsed', 'fixed')),
  reason text NOT NULL DEFAULT '',
  credit_id bigint REFERENCES bank_credits (id)
);
CREATE INDEX raw_texts_outcome ON raw_texts (outcome, created_at DESC, id DESC);
CREATE INDEX raw_texts_digest ON raw_texts (source_id, body_digest);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  subject text NOT NULL,
  before jsonb,
  after jsonb,
  note text NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
`,
};
