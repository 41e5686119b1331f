/**
 * The service's side of the embedded store's thread (pglite-thread.ts): the Db interface over a
 * small message protocol (pglite-thread-protocol.ts). Statements run on that thread; this one
 * only sends them and reads the answers, so a slow statement no longer holds the event loop.
 */

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ListenHandlers, Queryable, SqlParam } from './db.js';
import { channelIdentifier, withRetry } from './db.js';
import type { PgliteDb } from './pglite-db.js';
import {
  deserializeError,
  type FromThread,
  type StartData,
  type ToThread,
} from './pglite-thread-protocol.js';

/** A request before its id is given (each kind of message without `id`). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<ToThread>;

/**
 * The thread's module: built, the .js beside this file; from source (tsx, vitest), the .ts, loaded
 * through tsx's loader registered in the new thread (a worker does not inherit the parent's).
 */
function startThread(data: StartData, transfer: ArrayBuffer[]): Worker {
  const url = new URL(`./pglite-thread.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData: data, transferList: transfer });
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const boot = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true, workerData: data, transferList: transfer });
}

/** The threads of the embedded stores open in this process (a test stops one to see what a death does). */
const threads = new Set<Worker>();
export function storeThreads(): readonly Worker[] {
  return [...threads];
}

export async function openPgliteThread(dataDir: string, template?: Blob): Promise<PgliteDb> {
  const bytes = template ? await template.arrayBuffer() : undefined;
  const worker = startThread(bytes ? { dataDir, template: bytes } : { dataDir }, bytes ? [bytes] : []);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  // Every open listen's handlers, told `lost` if the thread stops.
  const listening = new Set<ListenHandlers>();
  let nextId = 1;
  let stopped: Error | undefined;
  let closed = false;
  let started = false;
  let failed!: (error: Error) => void;
  const failure = new Promise<Error>((resolve) => {
    failed = resolve;
  });

  // The thread keeps the process alive only while an answer is awaited, as PGlite on this thread does.
  worker.unref();
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiting;
  };
  /**
   * The thread is gone (closed, or it died: an exception, out of memory): every statement waiting
   * and every later one fails at once instead of hanging. Died while open, the store is lost for
   * good: listeners hear `lost` (caches stop trusting what they hold) and `failed` settles.
   */
  const stop = (error: Error) => {
    const first = stopped === undefined;
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(error);
    if (!first || closed || !started) return;
    for (const handlers of [...listening]) handlers.lost();
    failed(stopped);
  };

  const starting = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromThread) => {
      if ('notify' in message) {
        for (const fn of [...(listeners.get(message.notify) ?? [])]) fn(message.payload);
      } else if ('started' in message) {
        if (message.started) resolve();
        else reject(deserializeError(message.error));
      } else if (message.ok) {
        settle(message.id)?.resolve(message.value);
      } else {
        settle(message.id)?.reject(deserializeError(message.error));
      }
    });
    worker.on('error', (error) => {
      stop(error);
      reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the embedded store's thread stopped (exit code ${code})`);
      stop(error);
      reject(error);
    });
  });
  worker.ref();
  threads.add(worker);
  worker.once('exit', () => threads.delete(worker));
  try {
    await starting;
    started = true;
  } catch (error) {
    await worker.terminate();
    throw error;
  } finally {
    worker.unref();
  }

  const call = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id } as ToThread);
    });
  };

  const session = (id?: number): Queryable => ({
    async exec(sql: string) {
      await call(id === undefined ? { op: 'exec', sql } : { op: 'exec', sql, session: id });
    },
    query: (sql: string, params: readonly SqlParam[] = []) =>
      call<unknown[]>(
        id === undefined
          ? { op: 'query', sql, params: params as SqlParam[] }
          : { op: 'query', sql, params: params as SqlParam[], session: id },
      ),
  });

  const transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const id = await call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await fn(session(id));
    } catch (error) {
      await call({ op: 'end', session: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await call({ op: 'end', session: id, commit: true });
    return result;
  };

  return {
    kind: 'pglite',
    ...session(),
    transaction: (fn) => withRetry(() => transaction(fn)),
    failed: failure,
    async listen(channels, handlers) {
      if (stopped) throw stopped;
      listening.add(handlers);
      const added = channels.map((channel) => {
        const fn = (payload: string) => handlers.notify(channel, payload);
        const set = listeners.get(channelIdentifier(channel)) ?? new Set();
        listeners.set(channel, set.add(fn));
        return { channel, fn };
      });
      // One embedded instance: its connection never drops, so `lost`/`resumed` never run.
      await Promise.all(channels.map((channel) => call({ op: 'listen', channel })));
      return {
        close: async () => {
          listening.delete(handlers);
          for (const { channel, fn } of added) listeners.get(channel)?.delete(fn);
          if (closed || stopped) return;
          const unheard = added.filter(({ channel }) => listeners.get(channel)?.size === 0);
          await Promise.all(unheard.map(({ channel }) => call({ op: 'unlisten', channel })));
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      // A thread that died has nothing to close (its failure was told through `failed`).
      if (stopped) return;
      try {
        await call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
    dump: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
  };
}
