/**
 * A consistent copy of the embedded store: its data directory (PGlite `dumpDataDir`), taken
 * inside a transaction so that no other transaction is half-way through. Undefined for
 * PostgreSQL, which is backed up with its own tools.
 */
import type { Db } from './db.js';

interface Dumpable extends Db {
  dump(): Promise<Blob>;
}

const canDump = (db: Db): db is Dumpable => db.kind === 'pglite' && 'dump' in db;

export async function dumpEmbeddedStore(db: Db): Promise<Blob | undefined> {
  if (!canDump(db)) return undefined;
  return db.transaction(() => db.dump());
}
