import { createPgliteStore, storeIsMissing } from './create-pglite-store.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPgDb } from './pg-db.js';
import type { EmbeddedStoreThread } from './pglite-db.js';
import { readBackup } from './restore.js';

/**
 * Where the store is (the configuration's `store`). Declared here rather than imported from
 * config.ts, which depends on http/, so that store/ depends on no folder above it.
 */
export type StoreLocation =
  | { readonly kind: 'pglite'; readonly dataDir: string; readonly thread?: EmbeddedStoreThread }
  | { readonly kind: 'postgres'; readonly url: string };

/**
 * Opens the configured store and brings its schema up to date. The embedded store's package
 * (PGlite, several MB of WebAssembly) is loaded only when it is the store in use. `restoreFrom`
 * starts an empty embedded store from a backup; older backups are migrated like any store. A new
 * embedded store is created and migrated in a child process first (create-pglite-store.ts), so
 * that initdb's memory is never this process's.
 */
export async function openDb(store: StoreLocation, options: { restoreFrom?: string } = {}): Promise<Db> {
  if (store.kind === 'pglite' && !options.restoreFrom && storeIsMissing(store.dataDir)) {
    await createPgliteStore(store.dataDir);
  }
  const db =
    store.kind === 'postgres'
      ? await openPgDb(store.url)
      : await (await import('./pglite-db.js')).openPgliteDb(
          store.dataDir,
          options.restoreFrom ? readBackup(options.restoreFrom, store.dataDir) : undefined,
          store.thread,
        );
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
