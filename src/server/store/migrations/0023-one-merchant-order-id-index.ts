import type { Migration } from '../migration.js';

/**
 * The orders' plain index on merchant_order_id goes: `orders_merchant_order_id_prefix` (migration
 * 19, `text_pattern_ops`) serves an equality on the column as well as a prefix, and the merchant's
 * own look-up (merchant_uid and merchant_order_id) has the unique constraint's index. One index
 * fewer to write on every order created (decision 0043).
 */
export const migration: Migration = {
  version: 23,
  name: 'one merchant order id index',
  sql: `
DROP INDEX orders_merchant_order_id;
`,
};
