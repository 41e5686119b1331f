import { z } from 'zod';
import type { Db, Queryable } from './db.js';
import { MIGRATIONS, type Migration } from './migrations.js';
import { queryRow, queryRows } from './rows.js';

/** Any fixed number: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 7_260_301;

/** A migration failed; none of the pending ones was applied and the store is as it was. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    readonly migration: Migration,
    cause: unknown,
  ) {
    super(
      `migration ${migration.version} (${migration.name}) failed: ${cause instanceof Error ? cause.message : String(cause)}; ` +
        'no pending migration was applied and the store is as it was',
      { cause },
    );
  }
}

/**
 * Applies the migrations not yet applied, in one transaction under an advisory lock, so two
 * processes starting together on one PostgreSQL database apply each migration exactly once, and
 * a failing migration leaves the store exactly as it was (MigrationError names it).
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const applied = await appliedVersions(tx);
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new MigrationError(migration, error);
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}

/** The migrations a store has not applied yet, without applying anything. */
export async function pendingMigrations(
  db: Queryable,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<Migration[]> {
  const table = await queryRow(
    db,
    z.object({ exists: z.boolean() }),
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
  );
  const applied = table?.exists ? await appliedVersions(db) : new Set<number>();
  return migrations.filter((migration) => !applied.has(migration.version));
}

async function appliedVersions(db: Queryable): Promise<Set<number>> {
  const rows = await queryRows(
    db,
    z.object({ version: z.number().int() }),
    'SELECT version FROM schema_migrations',
  );
  return new Set(rows.map((row) => row.version));
}
