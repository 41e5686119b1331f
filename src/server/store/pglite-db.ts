import type { Db } from './db.js';
import { openPgliteThread } from './pglite-thread-client.js';

export interface PgliteDb extends Db {
  /** A copy of the whole data directory, to start another instance from (tests use it as a template). */
  dump(): Promise<Blob>;
}

/**
 * Where PGlite runs: on a worker thread of its own (the default), so that its statements never
 * hold the service's event loop, or on the service's thread (`main`, as before decision 0041).
 */
export type EmbeddedStoreThread = 'worker' | 'main';

/**
 * The embedded store: PGlite in a data directory (`memory://` for tests). One connection.
 * `template` starts it from a dump of another instance instead of an empty cluster.
 */
export async function openPgliteDb(
  dataDir: string,
  template?: Blob,
  thread: EmbeddedStoreThread = 'worker',
): Promise<PgliteDb> {
  return thread === 'worker'
    ? openPgliteThread(dataDir, template)
    : (await import('./pglite-main-thread.js')).openPgliteOnThisThread(dataDir, template);
}
