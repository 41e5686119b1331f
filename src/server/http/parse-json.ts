import type { Context } from 'hono';
import type { z } from 'zod';
import { invalidField } from '../errors.js';
import { readJsonObject } from './read-body.js';

/** Reads a JSON body and validates it; the first issue becomes a 400 naming its field. */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const body = await readJsonObject(c);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(issue?.path.join('.') || 'body', issue?.message ?? 'invalid');
  }
  return parsed.data;
}
