/**
 * SQL for named operators: the one module that writes `operators`. A token is stored only as its
 * SHA-256 digest (operator-accounts.ts).
 */
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { rowQuery, rowsQuery, valueQuery } from '../store/rows.js';

const OperatorRow = z.object({
  name: z.string(),
  created_by: z.string(),
  created_at: z.date(),
  revoked_at: z.date().nullable(),
});
export type OperatorAccount = Readonly<z.infer<typeof OperatorRow>>;
const NameRow = z.object({ name: z.string() });

/** The active operator whose token has this digest. */
export const activeOperatorByDigest = valueQuery(
  NameRow,
  'name',
  'SELECT name FROM operators WHERE token_digest = $1 AND revoked_at IS NULL',
  (tokenDigest: string) => [tokenDigest],
);

/** Adds the operator; undefined when the name is taken. */
export const insertOperator = rowQuery(
  OperatorRow,
  `INSERT INTO operators (name, token_digest, created_by, created_at) VALUES ($1, $2, $3, $4)
   ON CONFLICT (name) DO NOTHING RETURNING name, created_by, created_at, revoked_at`,
  (input: { readonly name: string; readonly tokenDigest: string; readonly createdBy: string }, now: Date) => [
    input.name,
    input.tokenDigest,
    input.createdBy,
    now,
  ],
);

export const listOperators = rowsQuery(
  OperatorRow,
  'SELECT name, created_by, created_at, revoked_at FROM operators ORDER BY created_at, name',
);

/** Revokes the operator's token; false when there is no such active operator. */
export async function markOperatorRevoked(tx: Queryable, name: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE operators SET revoked_at = $2 WHERE name = $1 AND revoked_at IS NULL RETURNING name',
    [name, now],
  );
  return rows.length > 0;
}

export async function isOperatorActive(tx: Queryable, name: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM operators WHERE name = $1 AND revoked_at IS NULL', [name]);
  return rows.length > 0;
}
