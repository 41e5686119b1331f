import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/store/db.js';
import { openDb } from '../../../src/server/store/open-db.js';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';
import { openTestDb, storeKind } from '../support/test-db.js';

// The first store of a test process is built from scratch: in a hook, not in a test's time.
beforeAll(async () => (await openTestDb()).close());

const TABLES = [
  'merchants',
  'api_keys',
  'orders',
  'order_events',
  'utr_claims',
  'bank_credits',
  'ledger_accounts',
  'ledger_postings',
  'ledger_entries',
  'outbox',
];

async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await db.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return out;
}

describe(`backup and restore (${storeKind})`, () => {
  let t: TestApp;
  let dir: string;
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(storeKind === 'pglite')(
    'restores every order, credit and ledger posting into an empty data directory',
    async () => {
      t = await createTestApp();
      dir = mkdtempSync(join(tmpdir(), 'backup-'));
      for (const [i, utr] of ['612345678901', '612345678902'].entries()) {
        const created = await json(
          await t.signed(
            '/gateway/api/order/new',
            incomeBody(t.merchant.merchant_uid, { amount: `10${i}.00` }),
          ),
        );
        const uid = created.data.payment_url.split('/').pop();
        const claim = await t.app.request('/Payments/india_match', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ payment_uid: uid, serial_number: utr }),
        });
        expect(claim.status).toBe(200);
        const credit = await t.operator('POST', '/operator/api/credits', {
          utr,
          amount: `10${i}.00`,
          payee: 'chaipoint@okaxis',
        });
        expect((await json(credit)).data.payment_status).toBe('completed');
      }
      const before = await snapshot(t.db);
      expect(before.ledger_entries?.length).toBeGreaterThan(0);

      const response = await t.operator('GET', '/operator/api/store/backup');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');
      const file = join(dir, 'backup.tar.gz');
      writeFileSync(file, new Uint8Array(await response.arrayBuffer()));

      const dataDir = join(dir, 'restored', 'pglite');
      const restored = await openDb({ kind: 'pglite', dataDir }, { restoreFrom: file });
      try {
        expect(await snapshot(restored)).toEqual(before);
      } finally {
        await restored.close();
      }
      // Never over a store: the restored directory is not empty any more.
      await expect(openDb({ kind: 'pglite', dataDir }, { restoreFrom: file })).rejects.toThrow(
        /RESTORE_FROM: .* is not empty/,
      );
    },
    // Two embedded stores and a 40 MB copy: slow on a loaded machine, with nothing timed.
    180_000,
  );

  it.runIf(storeKind === 'postgres')('answers with pg_dump guidance on PostgreSQL', async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'backup-'));
    const response = await t.operator('GET', '/operator/api/store/backup');
    expect(response.status).toBe(400);
    expect((await json(response)).data.details).toMatch(/pg_dump .*pg_restore/);
  });

  it('is for the operator only', async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'backup-'));
    expect((await t.app.request('/operator/api/store/backup')).status).toBe(401);
  });
});
