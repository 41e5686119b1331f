/** The answer of an operator's manual action on credits: its value, or why it was refused. */
import { ERROR_CODES, type ErrorCode } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';

export type ManualResult<T> = { readonly ok: true; readonly value: T } | ManualRefusal;

export interface ManualRefusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly details: string;
}

const CODES = {
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.invalidTransition,
  400: ERROR_CODES.invalidField,
} as const;

export function refused(status: keyof typeof CODES | ErrorCode, details: string): ManualRefusal {
  return { ok: false, code: typeof status === 'number' ? CODES[status] : status, details };
}

/** The value, or the refusal as the error the route answers. */
export function unwrap<T>(result: ManualResult<T>): T {
  if (result.ok) return result.value;
  throw new AppError(result.code, result.details);
}
