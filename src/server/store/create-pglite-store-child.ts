/**
 * The child process of create-pglite-store.ts: creates a migrated embedded store in the directory
 * it is given (initdb runs here, in this process's WebAssembly memory), closes it and exits.
 */
import { migrate } from './migrate.js';
import { openPgliteDb } from './pglite-db.js';

async function create(directory: string): Promise<void> {
  // This process runs nothing else, so PGlite stays on its one thread.
  const db = await openPgliteDb(directory, undefined, 'main');
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

const directory = process.argv[2];
if (!directory) {
  process.stderr.write('usage: create-pglite-store-child <directory>\n');
  process.exit(2);
}
create(directory).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
