/**
 * The interface's two envelopes, each rendered in one place:
 * `{"result":"success","data":...}` and
 * `{"result":"error","data":{"error":code,"details":...,"request_id":...}}`.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError, isAppError } from '../errors.js';
import { requestRecord } from './request-record.js';

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
 * An answer already written as JSON (a payer view serialised once per version, `payerAnswer`).
 * The headers stay a plain object, which the Node adapter writes as it is (Hono's `c.body` turns
 * two or more into a web `Headers`, and the adapter turns that back); headers set earlier with
 * `c.header()` are not added, so the caller passes them all.
 */
export function jsonResponse(json: string, status: number, headers: Record<string, string>): Response {
  return new Response(json, { status, headers: { ...headers, 'Content-Type': 'application/json' } });
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
  const requestId = requestRecord(c).id;
  const known = asAppError(error, requestId);
  for (const [name, value] of Object.entries(known.headers)) c.header(name, value);
  return c.json(errorEnvelope(known, requestId), known.status);
}

/** The error envelope as a Response, for the HTTP layer before a Context exists. */
export function errorResponse(error: unknown, requestId: string): Response {
  const known = asAppError(error, requestId);
  return new Response(JSON.stringify(errorEnvelope(known, requestId)), {
    status: known.status,
    headers: { ...known.headers, 'Content-Type': 'application/json' },
  });
}

function asAppError(error: unknown, requestId: string): AppError {
  return isAppError(error)
    ? error
    : new AppError(ERROR_CODES.internal, `internal error; request id ${requestId}`, { cause: error });
}

/** The error envelope's body, also written by the HTTP layer where there is no Context. */
export function errorEnvelope(error: AppError, requestId: string) {
  return {
    result: 'error' as const,
    data: { error: error.code, details: error.details, request_id: requestId, ...error.data },
  };
}
