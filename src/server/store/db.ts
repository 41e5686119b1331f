/**
 * The store behind one small structural interface, so PGlite (embedded) and PostgreSQL share one
 * schema, one set of migrations and one query layer. SQL uses `$1` placeholders on both.
 */
export type SqlParam = string | number | boolean | null | Date | Uint8Array | readonly string[];

export interface Queryable {
  /**
   * The rows of one statement, as the driver gives them: nothing is known of their shape until a
   * row schema has read them (`queryRows`/`queryRow`, store/rows.ts), so no read can skip the check.
   */
  query(sql: string, params?: readonly SqlParam[]): Promise<unknown[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction (READ COMMITTED; callers lock the rows they change). Retries
   * serialization failures and deadlocks a few times before giving up.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Listens for `NOTIFY` on the channels, over one connection of its own on PostgreSQL (re-opened
   * when it drops) or on the embedded instance. Notifications sent in a transaction arrive only
   * after it commits. Fails if the first connection cannot be made.
   */
  listen(channels: readonly string[], handlers: ListenHandlers): Promise<Listening>;
  close(): Promise<void>;
  /**
   * Settles (never rejects) if the store stops for good while open: the embedded store's thread
   * died (an exception, out of memory). Every statement fails from then on; the service exits so
   * that its supervisor starts it again (docs/decisions/0041-embedded-store-on-its-own-thread.md).
   * Absent where a store recovers by itself (PostgreSQL reconnects).
   */
  readonly failed?: Promise<Error>;
}

export interface ListenHandlers {
  notify(channel: string, payload: string): void;
  /** The connection dropped: notifications are missed until `resumed`. */
  lost(): void;
  /** Listening again after a loss; anything may have changed meanwhile. */
  resumed(): void;
}

export interface Listening {
  close(): Promise<void>;
}

/** A channel name as an SQL identifier (channels are fixed names of the code, never input). */
export function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** Whether the store answers at all (the readiness probe). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

/** PostgreSQL error codes the code reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_RAISE_EXCEPTION = 'P0001';
const RETRYABLE = new Set(['40001', '40P01']);

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) return false;
  if (!constraint) return true;
  const named = (error as { constraint?: unknown }).constraint;
  const message = error instanceof Error ? error.message : '';
  return named === constraint || message.includes(`"${constraint}"`);
}

/**
 * Statements run on every order creation or poll, prepared once per PostgreSQL connection: the
 * server parses and plans them once instead of on every call (measured: twice the insert rate).
 * A statement's fixed text is registered once, where it is defined (`prepared(SQL)` returns the
 * text unchanged); text built per call is never registered, so the set stays small.
 */
const preparedNames = new Map<string, string>();
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `prepared_${preparedNames.size + 1}`);
  return sql;
}

/** The name a registered statement is prepared under; undefined for any other text. */
export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/**
 * A prepared statement whose result columns changed under it (`SELECT *` after another process
 * added a column): PostgreSQL refuses to run it. The text is then run unprepared from there on,
 * and the statement (or its transaction) is tried again.
 */
export function isStalePlan(error: unknown): boolean {
  return (
    pgErrorCode(error) === '0A000' &&
    error instanceof Error &&
    error.message.includes('cached plan must not change result type')
  );
}

export async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorCode(error);
      const retryable = (code !== undefined && RETRYABLE.has(code)) || isStalePlan(error);
      if (attempt >= attempts || !retryable) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
    }
  }
}
