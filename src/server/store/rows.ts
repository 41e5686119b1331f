/**
 * Rows with checked types: a query's rows are parsed with the row schema of their table as they
 * leave the store, so a column whose type or name drifts from what the code declares fails loudly
 * at the boundary instead of travelling on as a wrong value behind a cast. Extra columns are kept
 * (`z.looseObject`): a query may select more than a schema names.
 */
import type { z } from 'zod';
import type { Queryable, SqlParam } from './db.js';

export class RowShapeError extends Error {
  override readonly name = 'RowShapeError';
}

export async function queryRows<S extends z.ZodType>(
  tx: Queryable,
  schema: S,
  sql: string,
  params?: readonly SqlParam[],
): Promise<z.output<S>[]> {
  const rows = await tx.query(sql, params);
  return rows.map((row) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new RowShapeError(
      `row does not match its schema at ${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'} (${sql.trim().slice(0, 80)})`,
      { cause: parsed.error },
    );
  });
}

/** The first row, checked, or undefined when there is none. */
export async function queryRow<S extends z.ZodType>(
  tx: Queryable,
  schema: S,
  sql: string,
  params?: readonly SqlParam[],
): Promise<z.output<S> | undefined> {
  const [row] = await queryRows(tx, schema, sql, params);
  return row;
}

/**
 * A read declared once in the store module that owns its SQL: the row schema, the text, and how
 * the caller's arguments become the statement's parameters, in order. What it answers is the
 * store's function: the transaction first, then those arguments, answering the checked rows.
 */
export function rowsQuery<S extends z.ZodType, A extends unknown[] = []>(
  schema: S,
  sql: string,
  params?: (...args: A) => readonly SqlParam[],
): (tx: Queryable, ...args: A) => Promise<z.output<S>[]> {
  return (tx, ...args) => queryRows(tx, schema, sql, params?.(...args));
}

/** rowsQuery for a read of one row: the first, checked, or undefined when there is none. */
export function rowQuery<S extends z.ZodType, A extends unknown[] = []>(
  schema: S,
  sql: string,
  params?: (...args: A) => readonly SqlParam[],
): (tx: Queryable, ...args: A) => Promise<z.output<S> | undefined> {
  return (tx, ...args) => queryRow(tx, schema, sql, params?.(...args));
}

/**
 * rowQuery for a read of one value: that column of the first row, checked, or undefined when there
 * is none (the id a write returned, the name a lookup found).
 */
export function valueQuery<S extends z.ZodObject, K extends keyof z.output<S>, A extends unknown[] = []>(
  schema: S,
  column: K,
  sql: string,
  params?: (...args: A) => readonly SqlParam[],
): (tx: Queryable, ...args: A) => Promise<z.output<S>[K] | undefined> {
  return async (tx, ...args) => (await queryRow(tx, schema, sql, params?.(...args)))?.[column];
}

/** A write declared as a read is (rowsQuery) that answers nothing: the store's function runs it. */
export function statement<A extends unknown[] = []>(
  sql: string,
  params?: (...args: A) => readonly SqlParam[],
): (tx: Queryable, ...args: A) => Promise<void> {
  return async (tx, ...args) => {
    await tx.query(sql, params?.(...args));
  };
}
