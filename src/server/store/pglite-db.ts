import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, SqlParam } from './db.js';
import { withRetry } from './db.js';

const INT8_OID = 20;
const parsers = { [INT8_OID]: (value: string) => Number(value) };

/** The embedded store: PGlite in a data directory (`memory://` for tests). One connection. */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  const pglite = await PGlite.create(dataDir, { parsers });
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async exec(sql: string) {
      await target.exec(sql);
    },
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      const result = await target.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => withRetry(() => pglite.transaction((tx) => fn(wrap(tx)))),
    close: () => pglite.close(),
  };
}
