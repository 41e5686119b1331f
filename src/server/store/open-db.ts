import type { Config } from '../config.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPgDb } from './pg-db.js';
import { openPgliteDb } from './pglite-db.js';

/** Opens the configured store and brings its schema up to date. */
export async function openDb(store: Config['store']): Promise<Db> {
  const db = store.kind === 'postgres' ? await openPgDb(store.url) : await openPgliteDb(store.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
