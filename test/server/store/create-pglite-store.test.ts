import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPgliteStore, StoreCreationError } from '../../../src/server/store/create-pglite-store.js';
import type { Db } from '../../../src/server/store/db.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { openDb } from '../../../src/server/store/open-db.js';
import { queryRows } from '../../../src/server/store/rows.js';

const failingChild = fileURLToPath(new URL('./support/failing-create-child.ts', import.meta.url));
// A child process starts PGlite and runs initdb: generous on a loaded machine.
const CREATE_TIMEOUT = 120_000;

describe('creating the embedded store in a child process', () => {
  let root: string;
  let dataDir: string;
  let db: Db | undefined;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'create-store-'));
    dataDir = join(root, 'pglite');
  });
  afterEach(async () => {
    await db?.close();
    db = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'leaves a migrated store that the service opens and writes to',
    async () => {
      db = await openDb({ kind: 'pglite', dataDir });
      const applied = await queryRows(
        db,
        z.object({ version: z.number() }),
        'SELECT version FROM schema_migrations ORDER BY 1',
      );
      expect(applied.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
      await db.exec('CREATE TABLE created_here (id integer)');
      await db.close();
      db = undefined;
      expect(readdirSync(root)).toEqual(['pglite']);
      // Reopened: an existing store, no second creation.
      db = await openDb({ kind: 'pglite', dataDir });
      expect(await db.query("SELECT to_regclass('created_here')::text AS t")).toEqual([
        { t: 'created_here' },
      ]);
    },
    CREATE_TIMEOUT,
  );

  it(
    'takes an empty directory made beforehand',
    async () => {
      mkdirSync(dataDir);
      await createPgliteStore(dataDir);
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(readdirSync(root)).toEqual(['pglite']);
    },
    CREATE_TIMEOUT,
  );

  it('gives a clear error and leaves nothing half-made when the child fails', async () => {
    const error = await createPgliteStore(dataDir, { childModule: failingChild }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StoreCreationError);
    expect((error as Error).message).toBe(
      `creating the embedded store in ${root}: the child process exited with 1: ` +
        'initdb: could not write to the data directory (a failure made by the test); nothing was left behind',
    );
    expect(readdirSync(root)).toEqual([]);
  });

  it(
    'removes a temporary directory left by a creation that crashed, and creates the store',
    async () => {
      // No process runs with a pid this high (pid_max is at most 2^22).
      const leftover = join(root, 'pglite.creating-99999999');
      mkdirSync(leftover);
      writeFileSync(join(leftover, 'PG_VERSION'), '17\n');
      db = await openDb({ kind: 'pglite', dataDir });
      expect(readdirSync(root)).toEqual(['pglite']);
      expect(await db.query('SELECT count(*)::int AS n FROM schema_migrations')).toEqual([
        { n: MIGRATIONS.length },
      ]);
    },
    CREATE_TIMEOUT,
  );
});
