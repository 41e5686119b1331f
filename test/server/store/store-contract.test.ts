/**
 * The store contract: what the rest of the service relies on from the Db interface. One suite,
 * run over every store in one run: PGlite always, and PostgreSQL (TEST_DATABASE_URL's server, or
 * the local default 127.0.0.1:5432/test) whenever it is reachable; otherwise its half is reported
 * as skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openMerchant } from '../../../src/server/merchants/open-merchant.js';
import { isUniqueViolation } from '../../../src/server/store/db.js';
import { migrate } from '../../../src/server/store/migrate.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { openTestDb, postgresUrl, type TestDb } from '../support/test-db.js';

const now = new Date('2026-01-15T10:00:00.000Z');
// One suite per store, as kysely's test set-up runs one over its dialect list. The PostgreSQL
// half is reported as skipped, not passed, when no server answers.
storeContract('pglite', true);
storeContract('postgres', postgresUrl() !== undefined);

function storeContract(storeKind: 'pglite' | 'postgres', available: boolean): void {
  describe.skipIf(!available)(`the store contract on ${storeKind}`, () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await openTestDb({ kind: storeKind });
    });
    afterAll(async () => {
      await db.close();
    });

    it('applies every migration once and nothing on a second run', async () => {
      const applied = await queryRows(
        db,
        z.object({ version: z.number() }),
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(applied.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
      expect(await migrate(db)).toEqual([]);
    });

    it.runIf(storeKind === 'postgres')('lets two processes migrate one fresh database at once', async () => {
      const fresh = await openTestDb({ kind: storeKind });
      try {
        await fresh.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
        const other = await openPgDb(fresh.url as string, 2);
        const results = await Promise.all([migrate(fresh), migrate(other)]);
        await other.close();
        expect(results.flat().sort((a, b) => a - b)).toEqual(
          MIGRATIONS.map((migration) => migration.version),
        );
      } finally {
        await fresh.close();
      }
    });

    it('reads bigint as number, timestamptz as Date and text[] as arrays', async () => {
      const [row] = await queryRows(
        db,
        z.object({ big: z.number(), at: z.date(), list: z.array(z.string()) }),
        "SELECT 9007199254740991::bigint AS big, $1::timestamptz AS at, ARRAY['a','b']::text[] AS list",
        [now],
      );
      expect(row).toEqual({ big: 9_007_199_254_740_991, at: now, list: ['a', 'b'] });
    });

    it('rolls a failed transaction back whole', async () => {
      await expect(
        db.transaction(async (tx) => {
          await openMerchant(tx, { name: 'Rolled back' }, now);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const rows = await db.query("SELECT 1 FROM merchants WHERE name = 'Rolled back'");
      expect(rows).toHaveLength(0);
    });

    it('reports unique violations by constraint name', async () => {
      const merchant = await db.transaction((tx) => openMerchant(tx, { name: 'Unique' }, now));
      const error = await db
        .query('INSERT INTO ledger_accounts (id, merchant_uid, kind) VALUES ($1, $2, $3)', [
          `m:${merchant.uid}:available`,
          merchant.uid,
          'available',
        ])
        .catch((caught: unknown) => caught);
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, 'ledger_accounts_pkey')).toBe(true);
      expect(isUniqueViolation(error, 'orders_merchant_order_unique')).toBe(false);
    });

    it('keeps a merchant balance from going negative', async () => {
      const merchant = await db.transaction((tx) => openMerchant(tx, { name: 'Never negative' }, now));
      await expect(
        db.query('UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1', [
          `m:${merchant.uid}:available`,
        ]),
      ).rejects.toThrow(/ledger_accounts_not_negative/);
    });

    it('keeps callback_statuses to all or final, all by default', async () => {
      const merchant = await db.transaction((tx) => openMerchant(tx, { name: 'Callbacks' }, now));
      expect(merchant.callback_statuses).toBe('all');
      await db.query(`UPDATE merchants SET callback_statuses = 'final' WHERE uid = $1`, [merchant.uid]);
      await expect(
        db.query(`UPDATE merchants SET callback_statuses = 'some' WHERE uid = $1`, [merchant.uid]),
      ).rejects.toThrow(/merchants_callback_statuses_check/);
    });

    it("keeps an alert text's original bytes, NUL and bytes that are no UTF-8 included, and only known outcomes", async () => {
      const merchant = await db.transaction((tx) => openMerchant(tx, { name: 'Texts' }, now));
      await db.query(
        `INSERT INTO credit_sources (id, merchant_uid, account, kind, name, created_at)
         VALUES ('cs_contract', $1, 'texts@okaxis', 'sms', 'x', $2)`,
        [merchant.uid, now],
      );
      const insert = (outcome: string, original: Uint8Array | null) =>
        queryRows(
          db,
          z.object({ id: z.number() }),
          `INSERT INTO raw_texts (source_id, channel, body, body_digest, received_at, created_at, outcome, original)
           VALUES ('cs_contract', 'sms', 'x', 'd', $1, $1, $2, $3) RETURNING id`,
          [now, outcome, original],
        );
      const bytes = new Uint8Array([0x52, 0x73, 0x00, 0xff, 0xfe, 0x0a]);
      const [kept] = await insert('invalid', bytes);
      const [row] = await queryRows(
        db,
        z.object({ original: z.instanceof(Uint8Array) }),
        'SELECT original FROM raw_texts WHERE id = $1',
        [kept?.id ?? 0],
      );
      expect(Buffer.from(row?.original ?? []).equals(Buffer.from(bytes))).toBe(true);
      for (const outcome of ['suspect', 'dismissed']) await insert(outcome, null);
      await expect(insert('made-up', null)).rejects.toThrow(/raw_texts_outcome_check/);
    });

    it("keeps a credit's evidence and hold to known values, and a posting to one order or one credit, once", async () => {
      const credit = (evidence: string, hold: string) =>
        queryRows(
          db,
          z.object({ id: z.number() }),
          `INSERT INTO bank_credits (utr, amount, payee, payer_name, credited_at, source, created_at, evidence, hold)
           VALUES ($1, 100, '', '', $2, 'sms', $2, $3, $4) RETURNING id`,
          [`9${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`, now, evidence, hold],
        );
      const [kept] = await credit('sms', 'pending');
      await expect(credit('rumour', 'pending')).rejects.toThrow(/bank_credits_evidence_check/);
      await expect(credit('sms', 'maybe')).rejects.toThrow(/bank_credits_hold_check/);
      const post = (creditId: number | null, paymentUid: string | null) =>
        db.query(
          "INSERT INTO ledger_postings (credit_id, payment_uid, event, created_at) VALUES ($1, $2, 'received', $3)",
          [creditId, paymentUid, now],
        );
      await expect(post(null, null)).rejects.toThrow(/ledger_postings_subject/);
      await post(kept?.id ?? 0, null);
      const error = await post(kept?.id ?? 0, null).catch((caught: unknown) => caught);
      expect(isUniqueViolation(error, 'ledger_postings_credit_once')).toBe(true);
    });

    it('refuses to update or delete ledger rows', async () => {
      const merchant = await db.transaction((tx) => openMerchant(tx, { name: 'Immutable' }, now));
      const uid = '0b2f8a3e-1c1d-4a5e-9f00-000000000001';
      await db.query(
        `INSERT INTO orders (payment_uid, merchant_uid, merchant_order_id, request_digest, transaction_type,
         accounting_type, payterm, payment, currency, country, channel, amount, final_amount, signature_key,
         payment_status, status_changed_at, created_at, updated_at)
       VALUES ($1, $2, 'IMM-1', 'd', 'income', 'receive', 'UPI', 'india', 'INR', 'India', 'payment_india',
         100, 100, 'k', 'pending', $3, $3, $3)`,
        [uid, merchant.uid, now],
      );
      const [posting] = await queryRows(
        db,
        z.object({ id: z.number() }),
        "INSERT INTO ledger_postings (payment_uid, event, created_at) VALUES ($1, 'collected', $2) RETURNING id",
        [uid, now],
      );
      await expect(
        db.query('UPDATE ledger_postings SET event = $2 WHERE id = $1', [posting?.id ?? 0, 'x']),
      ).rejects.toThrow(/immutable/);
      await expect(db.query('DELETE FROM ledger_postings WHERE id = $1', [posting?.id ?? 0])).rejects.toThrow(
        /immutable/,
      );
    });
  });
}
