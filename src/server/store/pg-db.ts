import pg from 'pg';
import type { Db, ListenHandlers, Listening, Queryable, SqlParam } from './db.js';
import { channelIdentifier, isStalePlan, preparedName, withRetry } from './db.js';

const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** PostgreSQL through a connection pool; several service processes may share the database. */
export async function openPgDb(url: string, poolSize = 10): Promise<Db> {
  const listeners = new Set<Listening>();
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // Registered statements whose prepared form went stale in this process: run unprepared.
  const stale = new Set<string>();
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async exec(sql: string) {
      await target.query(sql);
    },
    async query(sql: string, params: readonly SqlParam[] = []): Promise<unknown[]> {
      const values = params as unknown[];
      const name = preparedName(sql);
      if (name === undefined || stale.has(sql)) return (await target.query(sql, values)).rows;
      try {
        return (await target.query({ name, text: sql, values })).rows;
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        stale.add(sql);
        // Within a transaction the error has aborted it: the transaction is retried whole.
        if (target instanceof pg.Pool) return (await target.query(sql, values)).rows;
        throw error;
      }
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: (fn) =>
      withRetry(async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }),
    async listen(channels, handlers) {
      const listening = await listenPg(url, channels, handlers);
      listeners.add(listening);
      return {
        close: async () => {
          listeners.delete(listening);
          await listening.close();
        },
      };
    },
    async close() {
      await Promise.all([...listeners].map((listening) => listening.close()));
      await pool.end();
    },
  };
}

const RECONNECT_MS = { first: 100, max: 5_000 };

/** One client of its own for LISTEN; when it drops, reconnects with backoff until closed. */
async function listenPg(
  url: string,
  channels: readonly string[],
  handlers: ListenHandlers,
): Promise<Listening> {
  const statements = channels.map((channel) => `LISTEN ${channelIdentifier(channel)}`).join('; ');
  let current: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, types });
    client.on('notification', (message) => handlers.notify(message.channel, message.payload ?? ''));
    const drop = () => {
      if (current !== client) return;
      current = undefined;
      client.end().catch(() => undefined);
      if (closed) return;
      handlers.lost();
      retry(RECONNECT_MS.first);
    };
    client.on('error', drop);
    client.on('end', drop);
    try {
      await client.connect();
      await client.query(statements);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    current = client;
    return client;
  };
  const retry = (delayMs: number) => {
    timer = setTimeout(() => {
      if (closed) return;
      connect().then(
        () => handlers.resumed(),
        () => retry(Math.min(delayMs * 2, RECONNECT_MS.max)),
      );
    }, delayMs);
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
