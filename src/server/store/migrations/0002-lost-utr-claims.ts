import type { Migration } from '../migration.js';

/**
 * Claims that lost (docs/decisions/0009): a payer's UTR that another order already holds, or a UTR
 * whose bank credit was paid to an account that is not the order's collection account. One row
 * per (UTR, order, reason), counted, with the other order when there is one, for operators.
 */
export const migration: Migration = {
  version: 2,
  name: 'lost UTR claims',
  sql: `
CREATE TABLE lost_claims (
  id bigserial PRIMARY KEY,
  utr text NOT NULL,
  payment_uid text NOT NULL REFERENCES orders (payment_uid),
  other_payment_uid text REFERENCES orders (payment_uid),
  reason text NOT NULL CHECK (reason IN ('utr_used', 'payee_mismatch')),
  credit_payee text NOT NULL DEFAULT '',
  client_ip text NOT NULL DEFAULT '',
  attempts integer NOT NULL DEFAULT 1,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  CONSTRAINT lost_claims_once UNIQUE (utr, payment_uid, reason)
);
CREATE INDEX lost_claims_recent ON lost_claims (last_at DESC);
`,
};
