/**
 * Statements registered with `prepared()` are prepared once per PostgreSQL connection, and keep
 * working when another process changes their table's columns under them (a rolling upgrade that
 * adds a column): the stale statement is run unprepared from then on, alone or in a transaction.
 * PostgreSQL only (the embedded store has no connections to prepare on); skipped when no server
 * answers.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openMerchant } from '../../../src/server/merchants/open-merchant.js';
import { type Db, prepared, preparedName } from '../../../src/server/store/db.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { openTestDb, postgresUrl, type TestDb } from '../support/test-db.js';

describe.skipIf(postgresUrl() === undefined)('prepared statements on PostgreSQL', () => {
  let db: TestDb;
  // One connection, so that what it prepared can be read back on it.
  let single: Db;
  beforeEach(async () => {
    db = await openTestDb({ kind: 'postgres' });
    single = await openPgDb(db.url as string, 1);
  });
  afterEach(async () => {
    await single.close();
    await db.close();
  });

  const preparedOnConnection = async () =>
    (await queryRows(single, z.object({ name: z.string() }), 'SELECT name FROM pg_prepared_statements')).map(
      (row) => row.name,
    );

  it('prepares a registered statement once per connection, and no other text', async () => {
    const merchant = await single.transaction((tx) =>
      openMerchant(tx, { name: 'Prepared', upi_vpa: 'prep@okaxis', upi_payee_name: 'Prepared' }, new Date()),
    );
    const sql = prepared('SELECT uid, name FROM merchants WHERE uid = $1');
    const name = preparedName(sql);
    expect(name).toMatch(/^prepared_\d+$/);
    for (let i = 0; i < 3; i++) {
      expect(await single.query(sql, [merchant.uid])).toEqual([{ uid: merchant.uid, name: 'Prepared' }]);
    }
    await single.query('SELECT uid FROM merchants WHERE uid = $1', [merchant.uid]);
    expect(await preparedOnConnection()).toEqual([name]);
    expect(preparedName('SELECT uid FROM merchants WHERE uid = $1')).toBeUndefined();
  });

  it('runs a stale statement unprepared after another process adds a column, alone and in a transaction', async () => {
    const merchant = await single.transaction((tx) =>
      openMerchant(tx, { name: 'Stale', upi_vpa: 'stale@okaxis', upi_payee_name: 'Stale' }, new Date()),
    );
    const alone = prepared('SELECT * FROM merchants WHERE uid = $1 AND name = $2');
    const inTransaction = prepared('SELECT * FROM merchants WHERE uid = $1 AND upi_vpa = $2');
    await single.query(alone, [merchant.uid, 'Stale']);
    await single.transaction((tx) => tx.query(inTransaction, [merchant.uid, 'stale@okaxis']));

    // Another process changes the table's columns: the prepared `SELECT *` no longer fits.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    await other.query('ALTER TABLE merchants ADD COLUMN added_by_upgrade text');
    await other.end();

    const [row] = await queryRows(single, z.looseObject({}), alone, [merchant.uid, 'Stale']);
    expect(row).toMatchObject({ uid: merchant.uid, added_by_upgrade: null });
    const [again] = await single.transaction((tx) =>
      queryRows(tx, z.looseObject({}), inTransaction, [merchant.uid, 'stale@okaxis']),
    );
    expect(again).toMatchObject({ uid: merchant.uid, added_by_upgrade: null });
  });
});
