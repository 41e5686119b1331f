/**
 * The store for a test: a migrated PGlite in memory by default, or, when TEST_DATABASE_URL is
 * set (CI's PostgreSQL run), a fresh PostgreSQL database created for the test and dropped after.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { z } from 'zod';
import type { Db, Listening } from '../../../src/server/store/db.js';
import { migrate } from '../../../src/server/store/migrate.js';
import { MIGRATIONS, type Migration } from '../../../src/server/store/migrations.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import {
  type EmbeddedStoreThread,
  openPgliteDb,
  type PgliteDb,
} from '../../../src/server/store/pglite-db.js';
import { queryRows } from '../../../src/server/store/rows.js';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
export const storeKind: 'pglite' | 'postgres' = testDatabaseUrl ? 'postgres' : 'pglite';

/**
 * The tests' embedded stores run on the test's own thread. The service runs its store on a
 * worker thread (decision 0041), a proxy that hands each statement to the same PGlite there and
 * back; through it the server suite took twice the CPU (test/server/notify and lifecycle: 72 s
 * against 40 s). That proxy is tested on its own: the same answers on both threads
 * (store/pglite-thread.test.ts), its death (store/pglite-thread-death.test.ts), many event
 * streams at once (checkout-api/order-events-many.test.ts), and every browser flow, which runs
 * the built service with its default thread.
 */
const TEST_THREAD: EmbeddedStoreThread = 'main';

export interface TestDb extends Db {
  /** The URL of the fresh PostgreSQL database (postgres runs only), for a second process or pool. */
  readonly url: string | undefined;
}

/**
 * A migrated empty PGlite, dumped once per run by the global setup (global-setup.ts) and read once
 * per test file; each test store starts from a copy instead of running initdb and the migrations.
 */
let template: Promise<Blob> | undefined;

export async function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const path = inject('pgliteTemplate');
    if (path) return new Blob([await readFile(path)]);
    const db = await openPgliteDb('memory://', undefined, TEST_THREAD);
    await migrate(db);
    const dump = await db.dump();
    await db.close();
    return dump;
  })();
  return template;
}

export interface TestDbOptions {
  /** A PGlite data directory on disk instead of memory (embedded store only). */
  readonly dataDir?: string;
  /** Which store; the run's (`storeKind`) unless told. */
  readonly kind?: 'pglite' | 'postgres';
  /**
   * Only these migrations, on a store made for the test (a test of a later migration over the
   * rows of an earlier version); every migration unless told.
   */
  readonly migrations?: readonly Migration[];
}

/**
 * The PostgreSQL server tests may use: TEST_DATABASE_URL's, or the local default when the global
 * setup found it reachable; undefined when there is none.
 */
export function postgresUrl(): string | undefined {
  return testDatabaseUrl ?? (inject('postgresUrl') || undefined);
}

export async function openTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const kind = options.kind ?? storeKind;
  const serverUrl = kind === 'postgres' ? postgresUrl() : undefined;
  if (kind === 'postgres' && !serverUrl) throw new Error('no PostgreSQL server for the tests');
  if (!serverUrl) {
    if (options.migrations) {
      const db = await openPgliteDb('memory://', undefined, TEST_THREAD);
      await migrate(db, options.migrations);
      return Object.assign(db, { url: undefined });
    }
    if (options.dataDir) {
      // A new data directory starts as a copy of the template; an existing one is opened as is.
      const fresh = (await readdir(options.dataDir).catch(() => [])).length === 0;
      const db = await openPgliteDb(
        options.dataDir,
        fresh ? await migratedTemplate() : undefined,
        TEST_THREAD,
      );
      await migrate(db);
      return Object.assign(db, { url: undefined });
    }
    return openReusedPglite();
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(serverUrl, name);
  const db = await openPgDb(url);
  await migrate(db, options.migrations);
  const close = db.close;
  return Object.assign(db, {
    url,
    close: async () => {
      await close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  });
}

/**
 * Embedded stores closed by one test and handed to the next in the same file, emptied back to
 * the migrated state: starting a PGlite costs far more than emptying one.
 */
const spares: PgliteDb[] = [];

async function openReusedPglite(): Promise<TestDb> {
  const db = spares.pop() ?? (await openPgliteDb('memory://', await migratedTemplate(), TEST_THREAD));
  const seeded = await snapshotSeedRows(db);
  let closed = false;
  // Once closed, this handle answers as a closed store does, so that work a test left running
  // cannot reach the next test's data.
  const open = async (): Promise<void> => {
    if (closed) throw new Error('the test store is closed');
  };
  // Listeners end with the handle: the next test on this instance hears nothing of this one.
  const listening = new Set<Listening>();
  const handle: TestDb = {
    kind: db.kind,
    url: undefined,
    query: (sql, params) => open().then(() => db.query(sql, params)),
    exec: (sql) => open().then(() => db.exec(sql)),
    transaction: (fn) => open().then(() => db.transaction(fn)),
    listen: async (channels, handlers) => {
      await open();
      const opened = await db.listen(channels, handlers);
      listening.add(opened);
      return {
        close: async () => {
          listening.delete(opened);
          await opened.close();
        },
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...listening].map((opened) => opened.close()));
      try {
        await resetToMigrated(db, seeded);
        spares.push(db);
      } catch {
        await db.close();
      }
    },
  };
  return handle;
}

/**
 * The rows the migrations themselves insert (the bank's ledger account), copied once per
 * instance into a schema of their own so that a reset can put them back.
 */
async function snapshotSeedRows(db: PgliteDb): Promise<readonly string[]> {
  const tables = await queryRows(
    db,
    z.object({ name: z.string() }),
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'
     ORDER BY tablename`,
  );
  const [existing] = await db.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'test_seed'`);
  if (!existing) {
    await db.exec('CREATE SCHEMA test_seed');
    for (const { name } of tables) {
      await db.exec(`CREATE TABLE test_seed."${name}" AS SELECT * FROM public."${name}"`);
    }
  }
  return tables.map(({ name }) => name);
}

async function resetToMigrated(db: PgliteDb, tables: readonly string[]): Promise<void> {
  const list = tables.map((name) => `public."${name}"`).join(', ');
  const refill = tables
    .map((name) => `INSERT INTO public."${name}" SELECT * FROM test_seed."${name}";`)
    .join('\n');
  await db.exec(`UNLISTEN *; RESET ALL; TRUNCATE ${list} RESTART IDENTITY CASCADE; ${refill}`);
  // Emptying undoes changes to rows, not to the schema: a store a test migrated further (a table
  // or a migration of its own) is closed instead of handed on, in this file or the next one the
  // worker runs (the server project does not isolate files).
  const [shape] = await queryRows(
    db,
    z.object({ tables: z.array(z.string()), versions: z.array(z.unknown()) }),
    `SELECT array(SELECT tablename::text FROM pg_tables WHERE schemaname = 'public'
                  AND tablename <> 'schema_migrations' ORDER BY tablename) AS tables,
            array(SELECT version FROM schema_migrations ORDER BY version) AS versions`,
  );
  const migrated = MIGRATIONS.map((migration) => migration.version).join(',');
  if (shape?.tables.join(',') !== tables.join(',') || shape.versions.map(Number).join(',') !== migrated) {
    throw new Error('the test changed the schema');
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
