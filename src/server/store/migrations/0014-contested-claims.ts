import type { Migration } from '../migration.js';

/**
 * Claims that cannot be stolen (credits/matching/decide.ts): a UTR may be claimed by several open
 * orders, each claim its own row, and a claim another order disputes is marked contested until an
 * operator decides whose the money is. A claim of a known credit of another amount is refused and
 * kept for operators (`credit_mismatch`, with the credit's amount), the order staying open.
 */
export const migration: Migration = {
  version: 14,
  name: 'contested claims',
  sql: `
ALTER TABLE utr_claims DROP CONSTRAINT utr_claims_pkey;
ALTER TABLE utr_claims ADD PRIMARY KEY (utr, payment_uid);
ALTER TABLE utr_claims ADD COLUMN contested_at timestamptz;
CREATE INDEX utr_claims_contested ON utr_claims (contested_at DESC) WHERE contested_at IS NOT NULL;

ALTER TABLE lost_claims DROP CONSTRAINT lost_claims_reason_check;
ALTER TABLE lost_claims ADD CONSTRAINT lost_claims_reason_check
  CHECK (reason IN ('utr_used', 'payee_mismatch', 'credit_mismatch'));
ALTER TABLE lost_claims ADD COLUMN credit_amount bigint;
CREATE INDEX lost_claims_utr ON lost_claims (utr);
`,
};
