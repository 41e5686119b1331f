import { PGlite } from '@electric-sql/pglite';
import type { Queryable, SqlParam } from './db.js';
import { channelIdentifier, withRetry } from './db.js';
import type { PgliteDb } from './pglite-db.js';
import { PGLITE_PARSERS as parsers } from './pglite-thread-protocol.js';

/**
 * PGlite on the calling thread (EMBEDDED_STORE_THREAD=main): each statement holds this thread's
 * event loop while it runs. The child that creates a store uses it (it has nothing else to run).
 */
export async function openPgliteOnThisThread(dataDir: string, template?: Blob): Promise<PgliteDb> {
  const pglite = await PGlite.create(dataDir, template ? { parsers, loadDataDir: template } : { parsers });
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async exec(sql: string) {
      await target.exec(sql);
    },
    async query(sql: string, params: readonly SqlParam[] = []) {
      const result = await target.query<unknown>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => withRetry(() => pglite.transaction((tx) => fn(wrap(tx)))),
    async listen(channels, handlers) {
      // One embedded instance: its connection never drops, so `lost`/`resumed` never run.
      const unlisten = await Promise.all(
        channels.map((channel) =>
          pglite.listen(channelIdentifier(channel), (payload) => handlers.notify(channel, payload)),
        ),
      );
      return {
        close: async () => {
          if (pglite.closed) return;
          await Promise.all(unlisten.map((stop) => stop()));
        },
      };
    },
    close: () => pglite.close(),
    dump: async () => {
      const dump = await pglite.dumpDataDir('none');
      return dump instanceof Blob ? dump : new Blob([dump]);
    },
  };
}
