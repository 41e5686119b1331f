/**
 * How a route's body is read before its schema validates it (http/api-route.ts, `read`): each
 * reader answers 400 or 415 in the interface's error shape for a body it cannot read, and every
 * string it reads is checked for control characters (clean-text.ts).
 */
import type { Context } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError, invalidField } from '../errors.js';
import { assertCleanBody } from './clean-text.js';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

/** Reads a request's body into what its schema validates. */
export type BodyReader = (c: Context) => Promise<unknown>;

/** Parses the request body as one JSON object, or answers 400 in the interface's error shape. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const parsed = parseJsonObject(await c.req.text());
  assertCleanBody(parsed);
  return parsed;
}

/**
 * A JSON text as one object: refused (an AppError, 400) when it is no JSON, nests deeper than
 * any body the API takes (checked before parsing: docs/integrity-checks.md), or is no object.
 */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new AppError(ERROR_CODES.invalidRequest, `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(ERROR_CODES.invalidRequest, 'body: not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError(ERROR_CODES.invalidRequest, 'body: must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/**
 * A body that may be left out (an operator's note on an action that needs nothing else): the JSON
 * object when one is sent as application/json, an empty object otherwise.
 */
export async function readOptionalJson(c: Context): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return {};
  if ((await c.req.text()).trim() === '') return {};
  return readJsonObject(c);
}

const flatBodies = new WeakMap<Context, Promise<Record<string, string>>>();

/**
 * A JSON object of scalars (strings, finite numbers, booleans), each as its string: a signed
 * merchant body, signed by the values' string forms. Read once per request, so the signed check
 * and the route's schema share one parse.
 */
export function readFlatJson(c: Context): Promise<Record<string, string>> {
  let read = flatBodies.get(c);
  if (!read) {
    read = readJsonObject(c).then(flatStrings);
    flatBodies.set(c, read);
  }
  return read;
}

function flatStrings(body: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      fields[name] = String(value);
    } else {
      throw invalidField(name, 'must be a string, number or boolean');
    }
  }
  return fields;
}

/** Reads a form-encoded or JSON body as a map of strings (the payer endpoint accepts both). */
export async function readFormOrJson(c: Context): Promise<Record<string, string>> {
  const contentType = c.req.header('content-type') ?? '';
  if (/^application\/json\b/i.test(contentType)) {
    const body = await readJsonObject(c);
    return Object.fromEntries(
      Object.entries(body).flatMap(([name, value]) =>
        typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
      ),
    );
  }
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    const fields = Object.fromEntries(new URLSearchParams(await c.req.text()));
    assertCleanBody(fields);
    return fields;
  }
  throw new AppError(
    ERROR_CODES.unsupportedMediaType,
    'Content-Type: must be application/x-www-form-urlencoded or application/json',
  );
}
