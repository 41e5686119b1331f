import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, SqlParam } from './db.js';
import { channelIdentifier, withRetry } from './db.js';

const INT8_OID = 20;
const parsers = { [INT8_OID]: (value: string) => Number(value) };

export interface PgliteDb extends Db {
  /** A copy of the whole data directory, to start another instance from (tests use it as a template). */
  dump(): Promise<Blob>;
}

/**
 * The embedded store: PGlite in a data directory (`memory://` for tests). One connection.
 * `template` starts it from a dump of another instance instead of an empty cluster.
 */
export async function openPgliteDb(dataDir: string, template?: Blob): Promise<PgliteDb> {
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
