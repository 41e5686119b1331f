/**
 * CLI commands that open the store itself instead of calling the service:
 * `migrate --check` lists the migrations the store has not applied, applying nothing;
 * `migrate` applies them (the service also does at start-up). On the embedded store the command
 * takes DATA_DIR's lock first, so it refuses while a service holds the store.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { lockDataDir } from '../store/data-dir-lock.js';
import type { Db } from '../store/db.js';
import { migrate, pendingMigrations } from '../store/migrate.js';
import { MIGRATIONS } from '../store/migrations.js';
import { openPgDb } from '../store/pg-db.js';

export async function migrateCommand(
  env: Readonly<Record<string, string | undefined>>,
  check: boolean,
): Promise<unknown> {
  const result = loadConfig({ ...env, OPERATOR_TOKEN: undefined });
  if (!result.ok) throw new Error(`Configuration error:\n  - ${result.errors.join('\n  - ')}`);
  const { store, dataDir } = result.config;
  const describe = (list: readonly { version: number; name: string }[]) =>
    list.map(({ version, name }) => ({ version, name }));

  if (store.kind === 'pglite' && !existsSync(store.dataDir)) {
    // No store yet: nothing to open (opening would create one).
    return { result: 'success', data: { store: 'pglite', pending: describe(MIGRATIONS), applied: [] } };
  }
  const lock =
    store.kind === 'pglite' ? await lockDataDir(dataDir, () => undefined, { waitForStaleMs: 0 }) : undefined;
  let db: Db | undefined;
  try {
    db =
      store.kind === 'postgres'
        ? await openPgDb(store.url, 1)
        : await (await import('../store/pglite-db.js')).openPgliteDb(store.dataDir);
    const pending = await pendingMigrations(db);
    if (check) return { result: 'success', data: { store: store.kind, pending: describe(pending) } };
    const applied = await migrate(db);
    return { result: 'success', data: { store: store.kind, applied } };
  } finally {
    await db?.close();
    await lock?.release();
  }
}
