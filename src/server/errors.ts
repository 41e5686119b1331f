/**
 * One error class for failures that end a request. `onError` in app.ts renders it in the
 * interface's shape: `{"result":"error","data":{"error":code,"details":...}}`.
 * Expected domain outcomes (already final, UTR used) are returned values, not exceptions;
 * routes turn them into an AppError at the edge.
 */
import { ERROR_CODES, type ErrorCode } from '../shared/error-codes.js';

export type HttpErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly status: HttpErrorStatus,
    readonly code: ErrorCode,
    readonly details: string,
    readonly headers: Readonly<Record<string, string>> = {},
    options?: ErrorOptions,
  ) {
    super(`${code}: ${details}`, options);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const invalidField = (field: string, why: string) =>
  new AppError(400, ERROR_CODES.invalidField, `${field}: ${why}`);
export const missingField = (field: string) =>
  new AppError(400, ERROR_CODES.missingField, `${field}: required`);
export const notFound = (what: string) => new AppError(404, ERROR_CODES.notFound, what);
