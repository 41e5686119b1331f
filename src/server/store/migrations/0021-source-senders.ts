import type { Migration } from '../migration.js';

/**
 * The senders an operator vouches for on a credit source, beside the banks' own (credits/bank-text/
 * bank-senders.ts): DLT codes for its SMS alerts and domains for its e-mail alerts.
 */
export const migration: Migration = {
  version: 21,
  name: 'credit source senders',
  sql: `
ALTER TABLE credit_sources ADD COLUMN sender_codes text[] NOT NULL DEFAULT '{}';
ALTER TABLE credit_sources ADD COLUMN sender_domains text[] NOT NULL DEFAULT '{}';
`,
};
