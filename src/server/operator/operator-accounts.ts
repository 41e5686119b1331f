/**
 * Named operators: each has its own bearer token, so the audit log can say who acted. Tokens are
 * random (32 bytes) and stored only as their SHA-256 digest; a lookup by digest needs no
 * comparison of secrets in code. The root operator is OPERATOR_TOKEN from the configuration.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../store/db.js';
import {
  activeOperatorByDigest,
  insertOperator,
  isOperatorActive,
  markOperatorRevoked,
  type OperatorAccount,
} from './operator-store.js';
import { deleteSessionsOf } from './session-store.js';

export const ROOT_OPERATOR = 'root';
export const OPERATOR_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;

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
  return activeOperatorByDigest(db, digest(given));
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
  const operator = await insertOperator(db, { name, tokenDigest: digest(token), createdBy }, now);
  return operator ? { kind: 'created', operator, token } : { kind: 'name_taken' };
}

/** Revokes the token and ends the operator's console sessions at once. */
export async function revokeOperator(db: Queryable, name: string, now: Date): Promise<boolean> {
  if (!(await markOperatorRevoked(db, name, now))) return false;
  await deleteSessionsOf(db, name);
  return true;
}

/** Whether a named operator still holds a valid token (the root operator always does). */
export async function isActiveOperator(db: Queryable, name: string): Promise<boolean> {
  if (name === ROOT_OPERATOR) return true;
  return isOperatorActive(db, name);
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right);
}
