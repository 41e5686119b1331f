import type { Migration } from '../migration.js';

export const migration: Migration = {
  version: 1,
  name: 'initial schema',
  sql: `
CREATE TABLE merchants (
  uid text PRIMARY KEY,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  upi_vpa text NOT NULL DEFAULT '',
  upi_payee_name text NOT NULL DEFAULT '',
  imps_account text NOT NULL DEFAULT '',
  imps_account_name text NOT NULL DEFAULT '',
  imps_ifsc text NOT NULL DEFAULT '',
  imps_bank_name text NOT NULL DEFAULT '',
  upi_min bigint NOT NULL DEFAULT 100,
  upi_max bigint NOT NULL DEFAULT 10000000,
  imps_min bigint NOT NULL DEFAULT 100,
  imps_max bigint NOT NULL DEFAULT 50000000,
  embed_origins text[] NOT NULL DEFAULT '{}',
  brand_color text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE api_keys (
  key text PRIMARY KEY,
  merchant_uid text NOT NULL REFERENCES merchants (uid),
  sealed_secret text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX api_keys_merchant ON api_keys (merchant_uid);

CREATE TABLE orders (
  payment_uid text PRIMARY KEY,
  merchant_uid text NOT NULL REFERENCES merchants (uid),
  merchant_order_id text NOT NULL,
  request_digest text NOT NULL,
  transaction_type text NOT NULL CHECK (transaction_type IN ('income', 'expense')),
  accounting_type text NOT NULL CHECK (accounting_type IN ('recharge', 'receive', 'pay', 'settle')),
  payterm text NOT NULL CHECK (payterm IN ('UPI', 'IMPS')),
  payment text NOT NULL,
  currency text NOT NULL,
  country text NOT NULL,
  channel text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  final_amount bigint NOT NULL CHECK (final_amount >= 0),
  from_account text NOT NULL DEFAULT '',
  from_name text NOT NULL DEFAULT '',
  from_bank_name text NOT NULL DEFAULT '',
  to_account text NOT NULL DEFAULT '',
  to_name text NOT NULL DEFAULT '',
  to_bank_name text NOT NULL DEFAULT '',
  merchant_id text NOT NULL DEFAULT '',
  order_uid text NOT NULL DEFAULT '',
  redirect_url text NOT NULL DEFAULT '',
  notify_url text NOT NULL DEFAULT '',
  response_type text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  signature_key text NOT NULL,
  extra text NOT NULL DEFAULT '',
  payment_status text NOT NULL CHECK (payment_status IN
    ('pending', 'preparing', 'processing', 'completed', 'failed', 'reject', 'refund', 'overdue')),
  payment_fail_reason text NOT NULL DEFAULT '',
  notify_status text NOT NULL DEFAULT 'none' CHECK (notify_status IN ('none', 'delivered', 'completed', 'failed')),
  notify_fail_reason text NOT NULL DEFAULT '',
  accounting_status text NOT NULL DEFAULT 'none'
    CHECK (accounting_status IN ('none', 'delivered', 'accounted', 'failed')),
  accounting_fail_reason text NOT NULL DEFAULT '',
  matched_utr text UNIQUE,
  status_seq integer NOT NULL DEFAULT 0,
  expires_at timestamptz,
  status_changed_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT orders_merchant_order_unique UNIQUE (merchant_uid, merchant_order_id)
);
CREATE INDEX orders_pending_expiry ON orders (expires_at) WHERE payment_status = 'pending';
CREATE INDEX orders_merchant_created ON orders (merchant_uid, created_at DESC);

-- Final states are protected here too, so that no code path can change them.
CREATE FUNCTION orders_protect_final() RETURNS trigger AS $$
BEGIN
  IF OLD.payment_status IN ('completed', 'reject', 'refund') AND (
       NEW.payment_status IS DISTINCT FROM OLD.payment_status
    OR NEW.final_amount IS DISTINCT FROM OLD.final_amount
    OR NEW.amount IS DISTINCT FROM OLD.amount
    OR NEW.matched_utr IS DISTINCT FROM OLD.matched_utr
    OR NEW.payment_fail_reason IS DISTINCT FROM OLD.payment_fail_reason) THEN
    RAISE EXCEPTION 'order % is final (%)', OLD.payment_uid, OLD.payment_status
      USING ERRCODE = 'P0001', HINT = 'final_state';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER orders_protect_final BEFORE UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_protect_final();

CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  payment_uid text NOT NULL REFERENCES orders (payment_uid),
  seq integer NOT NULL,
  from_status text,
  to_status text NOT NULL,
  cause text NOT NULL,
  detail text NOT NULL DEFAULT '',
  at timestamptz NOT NULL,
  UNIQUE (payment_uid, seq)
);

-- One UTR can be claimed by one order only, system-wide.
CREATE TABLE utr_claims (
  utr text PRIMARY KEY,
  payment_uid text NOT NULL REFERENCES orders (payment_uid),
  client_ip text NOT NULL DEFAULT '',
  claimed_at timestamptz NOT NULL
);
CREATE INDEX utr_claims_order ON utr_claims (payment_uid, claimed_at);

CREATE TABLE bank_credits (
  id bigserial PRIMARY KEY,
  utr text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  payee text NOT NULL DEFAULT '',
  payer_name text NOT NULL DEFAULT '',
  credited_at timestamptz NOT NULL,
  source text NOT NULL,
  payment_uid text REFERENCES orders (payment_uid),
  matched_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE TABLE blacklist (
  merchant_uid text NOT NULL REFERENCES merchants (uid),
  from_name text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_uid, from_name)
);

-- Double-entry ledger: immutable postings, one per order event, whose entries sum to zero.
CREATE TABLE ledger_accounts (
  id text PRIMARY KEY,
  merchant_uid text REFERENCES merchants (uid),
  kind text NOT NULL CHECK (kind IN ('bank', 'available', 'held')),
  balance bigint NOT NULL DEFAULT 0,
  -- A merchant's balances never go negative; the bank account mirrors the outside world.
  CONSTRAINT ledger_accounts_not_negative CHECK (kind = 'bank' OR balance >= 0)
);

CREATE TABLE ledger_postings (
  id bigserial PRIMARY KEY,
  payment_uid text NOT NULL REFERENCES orders (payment_uid),
  event text NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT ledger_postings_once UNIQUE (payment_uid, event)
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  posting_id bigint NOT NULL REFERENCES ledger_postings (id),
  account_id text NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_entries_posting ON ledger_entries (posting_id);
INSERT INTO ledger_accounts (id, kind) VALUES ('sys:bank', 'bank');

CREATE FUNCTION ledger_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable' USING ERRCODE = 'P0001';
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();

-- Durable outbox of callbacks, written in the same transaction as the status change.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  payment_uid text NOT NULL REFERENCES orders (payment_uid),
  status_seq integer NOT NULL,
  payment_status text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed', 'superseded')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  locked_by text,
  locked_until timestamptz,
  last_error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'pending';
CREATE INDEX outbox_order ON outbox (payment_uid);

CREATE TABLE callback_attempts (
  id bigserial PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES outbox (id),
  payment_uid text NOT NULL,
  attempt integer NOT NULL,
  payment_status text NOT NULL,
  started_at timestamptz NOT NULL,
  http_status integer,
  latency_ms integer NOT NULL,
  response_snippet text NOT NULL DEFAULT '',
  error text NOT NULL DEFAULT '',
  worker text NOT NULL DEFAULT ''
);
CREATE INDEX callback_attempts_order ON callback_attempts (payment_uid, started_at);
`,
};
