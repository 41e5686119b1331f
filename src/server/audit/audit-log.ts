/**
 * Who acts on the operator API, and the note an action carries, read from the request for the
 * audit log (audit-store.ts).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { invalidField } from '../errors.js';
import { readJsonObject } from '../http/read-body.js';

/** The acting operator's name, set by the operator authentication (operator/operator-auth.ts). */
export function actorOf(c: Context): string {
  return (c.get('operatorName') as string | undefined) || 'operator';
}

/** The operator's note on an action, optional where the action needs none. */
export const noteField = z.string().trim().max(500).optional();

/**
 * The note of an action whose body is otherwise empty (resend, disable, a new key): read from a
 * JSON body `{"note": "..."}` when one is sent; '' without a body.
 */
export async function optionalNote(c: Context): Promise<string> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) return '';
  const text = await c.req.text();
  if (text.trim() === '') return '';
  const parsed = z.looseObject({ note: noteField }).safeParse(await readJsonObject(c));
  if (!parsed.success) throw invalidField('note', parsed.error.issues[0]?.message ?? 'invalid');
  return parsed.data.note ?? '';
}
