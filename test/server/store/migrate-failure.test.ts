import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MigrationError, migrate, pendingMigrations } from '../../../src/server/store/migrate.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { openTestDb, storeKind, type TestDb } from '../support/test-db.js';

beforeAll(async () => (await openTestDb()).close());

const later = [
  { version: 9001, name: 'a good one', sql: 'CREATE TABLE later_good (id integer PRIMARY KEY);' },
  {
    version: 9002,
    name: 'a broken one',
    sql: 'CREATE TABLE later_broken (id integer); ALTER TABLE no_such_table ADD COLUMN x integer;',
  },
];

describe(`migrations (${storeKind})`, () => {
  let db: TestDb;
  afterEach(() => db.close());

  it('lists pending migrations without applying them', async () => {
    db = await openTestDb();
    expect(await pendingMigrations(db)).toEqual([]);
    const pending = await pendingMigrations(db, [...MIGRATIONS, ...later]);
    expect(pending.map((migration) => migration.version)).toEqual([9001, 9002]);
    expect(await pendingMigrations(db, [...MIGRATIONS, ...later])).toHaveLength(2);
  });

  it('leaves the store as it was when one fails, naming it', async () => {
    db = await openTestDb();
    const error = await migrate(db, [...MIGRATIONS, ...later]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(
      /^migration 9002 \(a broken one\) failed: .*no_such_table.*; no pending migration was applied and the store is as it was$/,
    );
    const tables = await queryRows(
      db,
      z.object({ t: z.string().nullable() }),
      "SELECT to_regclass('later_good')::text AS t UNION ALL SELECT to_regclass('later_broken')::text",
    );
    expect(tables).toEqual([{ t: null }, { t: null }]);
    const applied = await queryRows(
      db,
      z.object({ version: z.number() }),
      'SELECT version FROM schema_migrations ORDER BY 1',
    );
    expect(applied.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    // And the good one still applies once the broken one is fixed.
    expect(await migrate(db, [...MIGRATIONS, later[0] as (typeof later)[0]])).toEqual([9001]);
  });
});
