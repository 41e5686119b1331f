/**
 * The messages between the service and the embedded store's thread (pglite-thread.ts). Each
 * request carries an id its answer repeats; notifications and the start report carry none.
 */
import type { SqlParam } from './db.js';

const INT8_OID = 20;
/** How PGlite reads columns, on either thread: bigint counts as numbers, as the pg driver is set to. */
export const PGLITE_PARSERS = { [INT8_OID]: (value: string) => Number(value) };

/** What the thread is started with. */
export interface StartData {
  readonly dataDir: string;
  /** A dump of another instance to start from instead of an empty cluster. */
  readonly template?: ArrayBuffer;
}

/** A statement runs on the instance, or in the open transaction `session` when given. */
export type ToThread =
  | { id: number; op: 'query'; sql: string; params: SqlParam[]; session?: number }
  | { id: number; op: 'exec'; sql: string; session?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; session: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'dump' | 'close' };

export type FromThread =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { notify: string; payload: string }
  | { started: true }
  | { started: false; error: SerializedError };

/**
 * An error as it crosses threads: its message and the fields PostgreSQL gives (code, constraint,
 * detail...), which callers read (`pgErrorCode`, `isUniqueViolation`).
 */
export interface SerializedError {
  readonly message: string;
  readonly fields: Record<string, string | number>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, fields };
}

export function deserializeError({ message, fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields);
}
