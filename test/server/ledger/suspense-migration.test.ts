/**
 * Migration 15 on a store of the version before, on the store under test: the credits it already
 * holds get their evidence and are posted into the suspense accounts of their collection accounts,
 * those that completed an order are posted out again, texts' credits that completed an order count
 * as cleared, every merchant gets its pending and frozen accounts, and the ledger check finds the
 * result sound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkLedger } from '../../../src/server/ledger/ledger-check.js';
import { migrate } from '../../../src/server/store/migrate.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { openTestDb, type TestDb } from '../support/test-db.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb({ migrations: MIGRATIONS.filter((migration) => migration.version < 15) });
});
afterAll(async () => {
  await db.close();
});

const AT = '2026-11-01T10:00:00Z';
const COMPLETED = '00000000-0000-4000-8000-000000000001';
const OPEN = '00000000-0000-4000-8000-000000000002';
const REJECTED = '00000000-0000-4000-8000-000000000003';

/** What the version before wrote for a merchant, three collections and three credits. */
async function storeOfTheVersionBefore(): Promise<void> {
  await db.exec(`
    INSERT INTO merchants (uid, name, upi_vpa, created_at, updated_at) VALUES ('M1', 'Old shop', 'old@okaxis', '${AT}', '${AT}');
    INSERT INTO ledger_accounts (id, merchant_uid, kind) VALUES ('m:M1:available', 'M1', 'available'), ('m:M1:held', 'M1', 'held');
    INSERT INTO orders (payment_uid, merchant_uid, merchant_order_id, request_digest, transaction_type, accounting_type,
      payterm, payment, currency, country, channel, amount, final_amount, to_account, signature_key, payment_status,
      accounting_status, status_changed_at, created_at, updated_at)
    VALUES
      ('${COMPLETED}', 'M1', 'A1', 'd', 'income', 'receive', 'UPI', 'india', 'INR', 'India', 'payment_india', 10000, 10000,
       'old@okaxis', 'k', 'completed', 'accounted', '${AT}', '${AT}', '${AT}'),
      ('${OPEN}', 'M1', 'A2', 'd', 'income', 'receive', 'UPI', 'india', 'INR', 'India', 'payment_india', 5000, 0,
       'old@okaxis', 'k', 'processing', 'none', '${AT}', '${AT}', '${AT}'),
      ('${REJECTED}', 'M1', 'A3', 'd', 'income', 'receive', 'UPI', 'india', 'INR', 'India', 'payment_india', 3000, 2900,
       'old@okaxis', 'k', 'reject', 'none', '${AT}', '${AT}', '${AT}');
    INSERT INTO bank_credits (utr, amount, payee, payer_name, credited_at, source, payment_uid, matched_at, created_at) VALUES
      ('100000000001', 10000, 'Old@OKAXIS', 'Ravi', '${AT}', 'sms', '${COMPLETED}', '${AT}', '${AT}'),
      ('100000000002', 7000, 'old@okaxis', 'Asha', '${AT}', 'operator', NULL, NULL, '${AT}'),
      ('100000000003', 2900, '', 'Mina', '${AT}', 'statement', '${REJECTED}', '${AT}', '${AT}'),
      ('100000000004', 400, 'old@okaxis', 'Ravi', '${AT}', 'email', NULL, NULL, '${AT}');
    INSERT INTO ledger_postings (payment_uid, event, created_at) VALUES ('${COMPLETED}', 'collected', '${AT}');
    INSERT INTO ledger_entries (posting_id, account_id, amount)
      SELECT id, 'm:M1:available', 10000 FROM ledger_postings UNION ALL SELECT id, 'sys:bank', -10000 FROM ledger_postings;
    UPDATE ledger_accounts SET balance = 10000 WHERE id = 'm:M1:available';
    UPDATE ledger_accounts SET balance = -10000 WHERE id = 'sys:bank';
  `);
}

describe('migration 15', () => {
  it('posts the credits a store holds into suspense and leaves a ledger the check finds sound', async () => {
    await storeOfTheVersionBefore();
    expect(await migrate(db)).toContain(15);

    const accounts = await queryRows(
      db,
      z.object({ id: z.string(), balance: z.number() }),
      'SELECT id, balance FROM ledger_accounts ORDER BY id',
    );
    expect(Object.fromEntries(accounts.map((a) => [a.id, a.balance]))).toEqual({
      'm:M1:available': 10000,
      'm:M1:held': 0,
      'm:M1:pending': 0,
      'm:M1:frozen': 0,
      'suspense:old@okaxis': 7000 + 400,
      'suspense:none': 2900,
      'sys:bank': -10000 - 7000 - 2900 - 400,
    });
    const credits = await queryRows(
      db,
      z.object({ utr: z.string(), evidence: z.string(), hold: z.string() }),
      'SELECT utr, evidence, hold FROM bank_credits ORDER BY utr',
    );
    expect(credits).toEqual([
      { utr: '100000000001', evidence: 'sms', hold: 'cleared' },
      { utr: '100000000002', evidence: 'manual', hold: 'none' },
      { utr: '100000000003', evidence: 'statement', hold: 'none' },
      { utr: '100000000004', evidence: 'email', hold: 'pending' },
    ]);
    const check = await checkLedger(db);
    expect(check.checks.flatMap((c) => c.differences)).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
