/**
 * Named operators: each has its own bearer token, so the audit log can say who acted. Tokens are
 * random (32 bytes) and stored only as their SHA-256 digest; a lookup by digest needs no
 * comparison of secrets in code. The root operator is OPERATOR_TOKEN from the configuration.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../store/db.js';

export const ROOT_OPERATOR = 'root';
export const OPERATOR_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;

export interface OperatorAccount {
  readonly name: string;
  readonly created_by: string;
  readonly created_at: Date;
  readonly revoked_at: Date | null;
}

export function digest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** The operator a bearer token belongs to, or undefined. The root token is compared in constant time. */
export async function operatorForToken(
  db: Queryable,
  rootToken: string | undefined,
  given: string,
): Promise<string | undefined> {
  if (given === '') return undefined;
  if (rootToken && constantTimeEqual(given, rootToken)) return ROOT_OPERATOR;
  const rows = await db.query<{ name: string }>(
    'SELECT name FROM operators WHERE token_digest = $1 AND revoked_at IS NULL',
    [digest(given)],
  );
  return rows[0]?.name;
}

export type CreateOperatorResult =
  | { readonly kind: 'created'; readonly operator: OperatorAccount; readonly token: string }
  | { readonly kind: 'name_taken' };

export async function createOperator(
  db: Queryable,
  name: string,
  createdBy: string,
  now: Date,
): Promise<CreateOperatorResult> {
  const token = randomToken('op_');
  const rows = await db.query<OperatorAccount>(
    `INSERT INTO operators (name, token_digest, created_by, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO NOTHING RETURNING name, created_by, created_at, revoked_at`,
    [name, digest(token), createdBy, now],
  );
  const operator = rows[0];
  return operator ? { kind: 'created', operator, token } : { kind: 'name_taken' };
}

export async function listOperators(db: Queryable): Promise<OperatorAccount[]> {
  return db.query<OperatorAccount>(
    'SELECT name, created_by, created_at, revoked_at FROM operators ORDER BY created_at, name',
  );
}

/** Revokes the token and ends the operator's console sessions at once. */
export async function revokeOperator(db: Queryable, name: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'UPDATE operators SET revoked_at = $2 WHERE name = $1 AND revoked_at IS NULL RETURNING name',
    [name, now],
  );
  if (rows.length === 0) return false;
  await db.query('DELETE FROM operator_sessions WHERE operator_name = $1', [name]);
  return true;
}

/** Whether a named operator still holds a valid token (the root operator always does). */
export async function isActiveOperator(db: Queryable, name: string): Promise<boolean> {
  if (name === ROOT_OPERATOR) return true;
  const rows = await db.query('SELECT 1 FROM operators WHERE name = $1 AND revoked_at IS NULL', [name]);
  return rows.length > 0;
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right);
}
