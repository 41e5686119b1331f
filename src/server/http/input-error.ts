/**
 * The error answered for a request part that its route's schema refuses (http/api-route.ts):
 * `invalid_field` naming the field of the first issue, and why. A refinement that must answer with
 * another code says so in its issue's params (`params: { code: 'missing_field' }`).
 */
import type { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../shared/error-codes.js';
import { AppError, invalidField, missingField } from '../errors.js';

type Issue = z.core.$ZodIssue;

/**
 * Turns what a schema refused into the error answered. `input` is what the schema was given;
 * `part` names the request part when an issue has no path (`body`, `query`, `path`).
 */
export type InputErrors = (issues: readonly Issue[], input: unknown, part: string) => AppError;

const CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

/** The first issue, naming its field: `invalid_field` unless its params name another code. */
export const firstIssue: InputErrors = (issues, _input, part) => {
  const issue = issues[0];
  const field = issue?.path.map(String).join('.') || part;
  if (!issue) return invalidField(field, 'invalid');
  if (issue.code === 'invalid_value') {
    return invalidField(field, `must be one of ${issue.values.map(String).join(', ')}`);
  }
  const code: unknown = issue.code === 'custom' ? issue.params?.code : undefined;
  if (typeof code === 'string' && CODES.has(code))
    return new AppError(code as ErrorCode, `${field}: ${issue.message}`);
  return invalidField(field, issue.message);
};

/**
 * The fields a request must carry, in order: the first that is absent or blank is answered
 * `missing_field` before any other issue (the merchant API and the payer's claim answer so);
 * otherwise the first issue.
 */
export function requiredFirst(names: readonly string[]): InputErrors {
  return (issues, input, part) => {
    const fields = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    for (const name of names) {
      const value = fields[name];
      if (value === undefined || value === null || String(value).trim() === '') return missingField(name);
    }
    return firstIssue(issues, input, part);
  };
}
