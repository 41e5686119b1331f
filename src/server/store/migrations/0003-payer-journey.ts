import type { Migration } from '../migration.js';

/**
 * The payer's journey: per-merchant UPI merchant category code and purpose (NPCI linking
 * specification), a support contact shown to payers, a payer-facing failure code per order, and
 * the index the claim-grace sweep reads (processing collections by expiry).
 */
export const migration: Migration = {
  version: 3,
  name: 'payer journey',
  sql: `
ALTER TABLE merchants
  ADD COLUMN upi_mc text NOT NULL DEFAULT '' CHECK (upi_mc = '' OR upi_mc ~ '^[0-9]{4}$'),
  ADD COLUMN upi_purpose text NOT NULL DEFAULT '' CHECK (upi_purpose = '' OR upi_purpose ~ '^[0-9]{2}$'),
  ADD COLUMN support_contact text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN fail_code text NOT NULL DEFAULT '';
CREATE INDEX orders_processing_expiry ON orders (expires_at)
  WHERE payment_status = 'processing' AND transaction_type = 'income';
`,
};
