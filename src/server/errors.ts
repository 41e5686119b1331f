/**
 * One error class for failures that end a request, as hono's HTTPException: the code, the
 * details naming the field, and options (`headers`, `cause`). The HTTP status is the code's, from
 * the one table in shared/error-codes.ts. `renderError` in http/envelope.ts renders it for
 * `onError`, `notFound` and the HTTP layer alike.
 * Expected domain outcomes (already final, UTR used) are returned values, not exceptions;
 * routes turn them into an AppError at the edge.
 */
import { ERROR_CODES, ERROR_STATUS, type ErrorCode, type ErrorStatus } from '../shared/error-codes.js';

export interface AppErrorOptions {
  /** Headers sent with the error response, e.g. `Retry-After`. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
  /** Fields the error's `data` carries besides its code and details (shared/payer-order.ts, ApiErrorSchema). */
  readonly data?: ErrorData;
}

/** The extra fields an error may carry: `credit_amount` for `credit_mismatch`. */
export interface ErrorData {
  readonly credit_amount?: string;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: ErrorStatus;
  readonly headers: Readonly<Record<string, string>>;
  readonly data: ErrorData;

  constructor(
    readonly code: ErrorCode,
    readonly details: string,
    options: AppErrorOptions = {},
  ) {
    super(`${code}: ${details}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = ERROR_STATUS[code];
    this.headers = options.headers ?? {};
    this.data = options.data ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const invalidField = (field: string, why: string) =>
  new AppError(ERROR_CODES.invalidField, `${field}: ${why}`);
export const missingField = (field: string, why = 'required') =>
  new AppError(ERROR_CODES.missingField, `${field}: ${why}`);
export const notFound = (what: string) => new AppError(ERROR_CODES.notFound, what);
