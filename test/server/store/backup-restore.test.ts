import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import type { Db } from '../../../src/server/store/db.js';
import { openDb } from '../../../src/server/store/open-db.js';
import {
  createTestApp,
  DEMO_MERCHANT,
  incomeBody,
  json,
  OPERATOR_TOKEN,
  sign,
  type TestApp,
} from '../support/test-app.js';
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
  const stores: Db[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(storeKind === 'pglite')(
    'restores every order, credit and ledger posting into an empty data directory',
    async () => {
      t = await createTestApp();
      dir = mkdtempSync(join(tmpdir(), 'backup-'));
      // A store on disk, as the service runs it, behind the real app.
      const disk = await openTestDb({ dataDir: join(dir, 'live') });
      stores.push(disk);
      const app = createApp({ ...t.deps, db: disk });
      const operator = (method: string, path: string, body?: unknown) =>
        app.request(path, {
          method,
          headers: { Authorization: `Bearer ${OPERATOR_TOKEN}`, 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const merchant = (await json(await operator('POST', '/operator/api/merchants', DEMO_MERCHANT))).data;
      for (const [i, utr] of ['612345678901', '612345678902'].entries()) {
        const body = incomeBody(merchant.merchant.uid, { amount: `10${i}.00` });
        const created = await json(
          await app.request('/gateway/api/order/new', {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'OC-Key': merchant.api_key,
              'OC-Signature': sign(merchant.api_secret, body),
            },
            body: JSON.stringify(body),
          }),
        );
        const uid = created.data.payment_url.split('/').pop();
        const claim = await app.request('/Payments/india_match', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ payment_uid: uid, serial_number: utr }),
        });
        expect(claim.status).toBe(200);
        const credit = await operator('POST', '/operator/api/credits', {
          utr,
          amount: `10${i}.00`,
          payee: DEMO_MERCHANT.upi_vpa,
        });
        expect((await json(credit)).data.payment_status).toBe('completed');
      }
      const before = await snapshot(disk);
      expect(before.ledger_entries?.length).toBeGreaterThan(0);

      const response = await operator('GET', '/operator/api/store/backup');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');
      const file = join(dir, 'backup.tar.gz');
      writeFileSync(file, new Uint8Array(await response.arrayBuffer()));

      const dataDir = join(dir, 'restored', 'pglite');
      const restored = await openDb({ kind: 'pglite', dataDir }, { restoreFrom: file });
      stores.push(restored);
      expect(await snapshot(restored)).toEqual(before);
      // Never over a store: the restored directory is not empty any more.
      await expect(openDb({ kind: 'pglite', dataDir }, { restoreFrom: file })).rejects.toThrow(
        /RESTORE_FROM: .* is not empty/,
      );
    },
    // Three embedded stores and a 40 MB copy: slow on a loaded machine, with nothing timed.
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
