import type { Migration } from '../migration.js';

/**
 * Frozen and suspense money leaving by an operator's decision (docs/money-controls.md, "Frozen and
 * suspense money"): a credit whose money went back to the payer is `returned`, and settles nothing
 * again. Releasing frozen money needs no new state (the hold becomes `cleared`).
 */
export const migration: Migration = {
  version: 22,
  name: 'credit money returned',
  sql: `
ALTER TABLE bank_credits DROP CONSTRAINT bank_credits_hold_check;
ALTER TABLE bank_credits ADD CONSTRAINT bank_credits_hold_check
  CHECK (hold IN ('none', 'pending', 'cleared', 'frozen', 'returned'));
`,
};
