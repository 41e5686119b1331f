/**
 * The store for a test: a migrated PGlite in memory by default, or, when TEST_DATABASE_URL is
 * set (CI's PostgreSQL run), a fresh PostgreSQL database created for the test and dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../../src/server/store/db.js';
import { migrate } from '../../../src/server/store/migrate.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { openPgliteDb } from '../../../src/server/store/pglite-db.js';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
export const storeKind: 'pglite' | 'postgres' = testDatabaseUrl ? 'postgres' : 'pglite';

export interface TestDb extends Db {
  /** The URL of the fresh PostgreSQL database (postgres runs only), for a second process or pool. */
  readonly url: string | undefined;
}

/** A migrated empty PGlite, dumped once per test process; each test store starts from a copy. */
let template: Promise<Blob> | undefined;

async function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const db = await openPgliteDb('memory://');
    await migrate(db);
    const dump = await db.dump();
    await db.close();
    return dump;
  })();
  return template;
}

export async function openTestDb(options: { dataDir?: string } = {}): Promise<TestDb> {
  if (!testDatabaseUrl) {
    if (options.dataDir) {
      const db = await openPgliteDb(options.dataDir);
      await migrate(db);
      return Object.assign(db, { url: undefined });
    }
    const db = await openPgliteDb('memory://', await migratedTemplate());
    return Object.assign(db, { url: undefined });
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = withDatabase(testDatabaseUrl, name);
  const db = await openPgDb(url);
  await migrate(db);
  const close = db.close;
  return Object.assign(db, {
    url,
    close: async () => {
      await close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
