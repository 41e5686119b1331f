import type { Db, Queryable, SqlParam } from '../store/db.js';

/**
 * A Db whose transactions run inside an open one, so that a function which opens its own
 * transaction (postCredit) commits together with what the caller writes around it: the raw
 * text's outcome, the audit row.
 */
export function withinTransaction(db: Db, tx: Queryable): Db {
  return {
    kind: db.kind,
    query(sql: string, params?: readonly SqlParam[]) {
      return tx.query(sql, params);
    },
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(tx),
    listen: (channels, handlers) => db.listen(channels, handlers),
    close: async () => {},
  };
}
