/**
 * The service processes a store's flows share, started once per vitest project by the global setup
 * (a PGlite start costs seconds on a small machine, so each flow file does not pay it):
 * - `main`: one process, the default 15-minute order lifetime;
 * - `ttl`: one process whose orders expire after ORDER_TTL_SECONDS=10 (the late-payment flow);
 * - `pair` (PostgreSQL only): two processes with different WORKER_IDs on one database;
 * - `dual`: one process with DUAL_CONTROL=on (manual money actions wait for a second operator);
 * - `quiet`: one process whose SMS sources go silent after SOURCE_SILENCE_MINUTES (30 seconds).
 * Each store is fresh: a temporary DATA_DIR started from the migrated, empty store the server
 * tests start from, or a new database on E2E_DATABASE_URL's server that is dropped afterwards. Flow files create their own merchants, so they do not see each other.
 */
import { migratedPgliteDump } from '../../server/support/global-setup.js';
import { createTempDatabase, type TempDatabase } from './pg-database.js';
import { newOperatorToken, type ServiceProcess, startService } from './service-process.js';

export type StoreKind = 'pglite' | 'postgres';
export type ServiceSetName = 'main' | 'ttl' | 'pair' | 'dual' | 'quiet';

export interface ServiceSet {
  /** One URL per process; the first is where payment_url points. */
  readonly urls: readonly string[];
  readonly operatorToken: string;
  readonly logs: readonly string[];
}

export type ServiceSets = Partial<Record<ServiceSetName, ServiceSet>>;

export const ORDER_TTL_SECONDS = 10;

/**
 * How long the `quiet` set's sources may say nothing: long enough that a source that has just sent
 * a heartbeat is still active when the console's queue is read again, however loaded the machine.
 */
export const SOURCE_SILENCE_SECONDS = 30;

export async function startServiceSets(
  store: StoreKind,
): Promise<{ sets: ServiceSets; stop(): Promise<void> }> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (store === 'postgres' && !serverUrl) throw new Error('the PostgreSQL run needs E2E_DATABASE_URL');

  const pgliteTemplate = store === 'pglite' ? await migratedPgliteDump() : undefined;
  const start = async (
    name: ServiceSetName,
    processes: number,
    ttl?: number,
    env?: Readonly<Record<string, string>>,
  ): Promise<ServiceSet> => {
    let database: TempDatabase | undefined;
    if (store === 'postgres' && serverUrl) {
      database = await createTempDatabase(serverUrl);
      const made = database;
      cleanups.push(() => made.drop());
    }
    const token = newOperatorToken();
    const services: ServiceProcess[] = [];
    // One at a time, so the first runs the migrations and the others find them done.
    for (let i = 0; i < processes; i += 1) {
      const service = await startService({
        name: `${name}-${store}-${String.fromCharCode(97 + i)}`,
        databaseUrl: database?.url,
        ...(pgliteTemplate ? { pgliteTemplate } : {}),
        operatorToken: token,
        ...(ttl ? { orderTtlSeconds: ttl } : {}),
        ...(env ? { env } : {}),
      });
      services.push(service);
      cleanups.push(() => service.stop());
    }
    return { urls: services.map((s) => s.url), operatorToken: token, logs: services.map((s) => s.logPath) };
  };

  try {
    const [main, ttl, dual, quiet, pair] = await Promise.all([
      start('main', 1),
      start('ttl', 1, ORDER_TTL_SECONDS),
      start('dual', 1, undefined, { DUAL_CONTROL: 'on' }),
      start('quiet', 1, undefined, { SOURCE_SILENCE_MINUTES: String(SOURCE_SILENCE_SECONDS / 60) }),
      store === 'postgres' ? start('pair', 2) : Promise.resolve(undefined),
    ]);
    return { sets: { main, ttl, dual, quiet, ...(pair ? { pair } : {}) }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
