/**
 * A table of sign-in sessions (the console's `operator_sessions`, the portal's `merchant_sessions`):
 * each row is the SHA-256 digest of a session's id, whose session it is (an operator, a merchant
 * user), when it began and ends, and the client that began it. The store module that owns the table
 * gives its SQL; this makes the five statements every such table answers.
 */
import type { z } from 'zod';
import type { Queryable } from './db.js';
import { rowQuery, statement } from './rows.js';

export interface NewSessionRow {
  readonly idDigest: string;
  /** Whose session it is: the operator's name, the merchant user's id. */
  readonly holder: string;
  readonly expiresAt: Date;
  readonly clientIp: string;
  readonly userAgent: string;
}

/** The SQL of one sessions table, each statement with its parameters as described. */
export interface SessionTableSql {
  /** Deletes the sessions that expired by $1. */
  readonly deleteExpired: string;
  /** Inserts a session: id digest, holder, created at, expires at, client address, user agent. */
  readonly insert: string;
  /** The session of id digest $1 if it is still live at $2. */
  readonly live: string;
  /** Deletes the session of id digest $1. */
  readonly delete: string;
  /** Deletes every session of the holder $1. */
  readonly deleteOf: string;
}

/** The statements of one sessions table; `T` is a live session as the table's row schema reads it. */
export interface SessionTable<T> {
  deleteExpired(tx: Queryable, now: Date): Promise<void>;
  insert(tx: Queryable, session: NewSessionRow, now: Date): Promise<void>;
  live(tx: Queryable, idDigest: string, now: Date): Promise<T | undefined>;
  delete(tx: Queryable, idDigest: string): Promise<void>;
  deleteOf(tx: Queryable, holder: string): Promise<void>;
}

export function sessionTable<S extends z.ZodType>(row: S, sql: SessionTableSql): SessionTable<z.output<S>> {
  return {
    deleteExpired: statement(sql.deleteExpired, (now: Date) => [now]),
    insert: statement(sql.insert, (session: NewSessionRow, now: Date) => [
      session.idDigest,
      session.holder,
      now,
      session.expiresAt,
      session.clientIp,
      session.userAgent,
    ]),
    live: rowQuery(row, sql.live, (idDigest: string, now: Date) => [idDigest, now]),
    delete: statement(sql.delete, (idDigest: string) => [idDigest]),
    deleteOf: statement(sql.deleteOf, (holder: string) => [holder]),
  };
}
