import type { Context } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';
import { assertCleanBody } from './clean-text.js';

/** Parses the request body as one JSON object, or answers 400 in the interface's error shape. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(ERROR_CODES.invalidRequest, 'body: not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError(ERROR_CODES.invalidRequest, 'body: must be a JSON object');
  }
  assertCleanBody(parsed);
  return parsed as Record<string, unknown>;
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
