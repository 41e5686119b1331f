import type { Migration } from '../migration.js';

/**
 * Payouts that leave the building (docs/decisions/0026-payout-bank-files.md,
 * docs/decisions/0024-payout-provider.md): the merchant's payout channel; one row per payout with
 * the channel that carries it, our reference for the bank, its batch and line, and the
 * provider's payout; batches per collection account, whose approver can never be their preparer;
 * the provider's webhook events already taken (replays are refused); and a payout's reversal
 * after it completed, recorded on the order without touching its final status.
 */
export const migration: Migration = {
  version: 11,
  name: 'payout channels and batches',
  sql: `
ALTER TABLE merchants ADD COLUMN payout_channel text
  CHECK (payout_channel IN ('sandbox', 'bank_file', 'razorpayx'));

ALTER TABLE orders ADD COLUMN reversed_at timestamptz;
ALTER TABLE orders ADD COLUMN reversal_reason text NOT NULL DEFAULT '';

CREATE TABLE payout_batches (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  account text NOT NULL,
  ifsc text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('IMPS', 'NEFT')),
  state text NOT NULL CHECK (state IN ('prepared', 'approved', 'uploaded')),
  line_count integer NOT NULL CHECK (line_count > 0),
  total bigint NOT NULL CHECK (total > 0),
  prepared_by text NOT NULL,
  prepared_at timestamptz NOT NULL,
  approved_by text,
  approved_at timestamptz,
  uploaded_by text,
  uploaded_at timestamptz,
  -- Dual control, kept by the store too: the approver is never the preparer.
  CONSTRAINT payout_batches_second_operator CHECK (approved_by IS NULL OR approved_by <> prepared_by),
  CONSTRAINT payout_batches_approved CHECK (state = 'prepared' OR approved_by IS NOT NULL)
);
CREATE INDEX payout_batches_prepared ON payout_batches (prepared_at DESC);

CREATE TABLE payouts (
  payment_uid text PRIMARY KEY REFERENCES orders (payment_uid),
  channel text NOT NULL CHECK (channel IN ('sandbox', 'bank_file', 'razorpayx')),
  reference text NOT NULL UNIQUE,
  debit_account text NOT NULL DEFAULT '',
  debit_ifsc text NOT NULL DEFAULT '',
  batch_id text REFERENCES payout_batches (id),
  batch_line integer,
  provider_payout_id text UNIQUE,
  provider_status text NOT NULL DEFAULT '',
  polled_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT payouts_batch_line UNIQUE (batch_id, batch_line)
);
CREATE INDEX payouts_waiting_for_batch ON payouts (debit_account, debit_ifsc, created_at)
  WHERE channel = 'bank_file' AND batch_id IS NULL;

CREATE TABLE provider_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  event text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);
`,
};
