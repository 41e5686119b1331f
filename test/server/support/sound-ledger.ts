/** The operators' ledger check (ledger/ledger-check.ts), as a test's last word on the store it used. */
import { expect } from 'vitest';
import { checkLedger } from '../../../src/server/ledger/ledger-check.js';
import type { Queryable } from '../../../src/server/store/db.js';

export async function expectSoundLedger(db: Queryable): Promise<void> {
  const check = await checkLedger(db);
  expect(check.checks.flatMap((c) => c.differences)).toEqual([]);
  expect(check.ok).toBe(true);
}
