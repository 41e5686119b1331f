/**
 * The interface's two envelopes, each rendered in one place:
 * `{"result":"success","data":...}` and
 * `{"result":"error","data":{"error":code,"details":...,"request_id":...}}`.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError, isAppError } from '../errors.js';

/** The success envelope around `data`, with 200 unless told, and any headers of its own. */
export function success<T, S extends ContentfulStatusCode = 200>(
  c: Context,
  data: T,
  status?: S,
  headers?: Record<string, string>,
) {
  return c.json({ result: 'success' as const, data }, status ?? (200 as S), headers);
}

/**
 * The success envelope around data already written as JSON (a view serialised once and answered
 * many times): the same bytes `success` would write.
 */
export function successJson<S extends ContentfulStatusCode = 200>(
  c: Context,
  dataJson: string,
  status?: S,
  headers?: Record<string, string>,
): Response {
  return c.body(successEnvelopeJson(dataJson), status ?? (200 as S), {
    ...headers,
    'Content-Type': 'application/json',
  });
}

/** The success envelope's JSON around data already written as JSON. */
export function successEnvelopeJson(dataJson: string): string {
  return `{"result":"success","data":${dataJson}}`;
}

/**
 * The error envelope for any error ending a request: an AppError as its code says, anything else
 * as a 500 that names only the request id (the caller logs it).
 */
export function renderError(c: Context, error: unknown): Response {
  const requestId: string = c.get('requestId') ?? '';
  const known = isAppError(error)
    ? error
    : new AppError(ERROR_CODES.internal, `internal error; request id ${requestId}`, { cause: error });
  for (const [name, value] of Object.entries(known.headers)) c.header(name, value);
  return c.json(errorEnvelope(known, requestId), known.status);
}

/** The error envelope's body, also written by the HTTP layer where there is no Context. */
export function errorEnvelope(error: AppError, requestId: string) {
  return {
    result: 'error' as const,
    data: { error: error.code, details: error.details, request_id: requestId },
  };
}
