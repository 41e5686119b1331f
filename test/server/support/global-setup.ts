/**
 * Once per run of the server project: a migrated, empty embedded store, dumped to a file that
 * every test file starts its stores from (an initdb costs seconds; a copy of its result, a
 * fraction). The file is kept between runs, named after the store code and the PGlite version, so
 * a change to the migrations makes a new one. The browser suite starts its embedded-store services
 * from it too.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory dump. */
    pgliteTemplate: string;
    /** The PostgreSQL server found reachable for suites run on every store, or ''. */
    postgresUrl: string;
  }
}

const ROOT = new URL('../../../', import.meta.url);
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function storeFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const storeDir = new URL('src/server/store/', ROOT);
  for (const name of (await readdir(storeDir, { recursive: true })).sort()) {
    const file = new URL(name, storeDir);
    if ((await stat(file)).isFile()) hash.update(name).update(await readFile(file));
  }
  hash.update(await readFile(new URL('node_modules/@electric-sql/pglite/package.json', ROOT)));
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await migratedPgliteDump());
  project.provide('postgresUrl', await reachablePostgres());
}

/** The path of the migrated PGlite dump, made first if this store code has none yet. */
export async function migratedPgliteDump(): Promise<string> {
  const dir = join(tmpdir(), 'upi-gateway-test-stores');
  const path = join(dir, `pglite-${await storeFingerprint()}.tar`);
  const exists = await stat(path).then(
    (info) => info.size > 0,
    () => false,
  );
  if (!exists) {
    const { openPgliteDb } = await import('../../../src/server/store/pglite-db.js');
    const { migrate } = await import('../../../src/server/store/migrate.js');
    const db = await openPgliteDb('memory://');
    await migrate(db);
    const dump = Buffer.from(await (await db.dump()).arrayBuffer());
    await db.close();
    await mkdir(dir, { recursive: true });
    // Written aside and renamed, so a run beside this one never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, dump);
    await rename(partial, path);
  }
  return path;
}

/** The local test server (TEST_DATABASE_URL's, or the default), if it answers within 3 s. */
async function reachablePostgres(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch {
    return '';
  } finally {
    await client.end().catch(() => undefined);
  }
}
