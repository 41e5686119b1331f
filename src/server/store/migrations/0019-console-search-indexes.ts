import type { Migration } from '../migration.js';

/**
 * The console's header search (src/server/console/console-search.ts): an amount of orders and of
 * credits, a credit's payer name or VPA (prefix, any case) and the first 8 or more characters of
 * an identifier (payment_uid, merchant_order_id, a claimed or credited UTR). `text_pattern_ops`
 * lets a `LIKE 'prefix%'` use the index whatever the database's collation, so each term is an
 * index range, never a scan of the table.
 */
export const migration: Migration = {
  version: 19,
  name: 'console search indexes',
  sql: `
CREATE INDEX orders_amount_created ON orders (amount, created_at DESC);
CREATE INDEX orders_uid_prefix ON orders (payment_uid text_pattern_ops);
CREATE INDEX orders_merchant_order_id_prefix ON orders (merchant_order_id text_pattern_ops);
CREATE INDEX utr_claims_utr_prefix ON utr_claims (utr text_pattern_ops);
CREATE INDEX bank_credits_utr_prefix ON bank_credits (utr text_pattern_ops);
CREATE INDEX bank_credits_amount_created ON bank_credits (amount, created_at DESC);
CREATE INDEX bank_credits_payer_name ON bank_credits (lower(payer_name) text_pattern_ops) WHERE payer_name <> '';
`,
};
