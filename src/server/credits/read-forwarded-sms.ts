/**
 * The shapes SMS-forwarding apps post: JSON or a form, the message under `text`, `message`,
 * `body` or `msg`, the sender under `from`, `sender` or `address`, and an optional time in
 * seconds, milliseconds or ISO form (`timestamp`, `time`, `date`, `received_at`,
 * `receivedStamp`, `sentStamp`). A plain-text body is the message itself.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';
import { readJsonObject } from '../http/read-body.js';
import { findIndianDate } from './indian-date.js';

export interface ForwardedSms {
  readonly text: string;
  readonly sender: string;
  readonly receivedAt: Date | undefined;
}

const TEXT_FIELDS = ['text', 'message', 'body', 'msg'] as const;
const SENDER_FIELDS = ['from', 'sender', 'address'] as const;
const TIME_FIELDS = [
  'timestamp',
  'time',
  'date',
  'received_at',
  'receivedStamp',
  'sentStamp',
  'sent_at',
] as const;

const optional = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, z.string().optional()]));

/** The fields a forwarder may send, and the alert they make: the first message, sender and time given. */
export const ForwardedSmsSchema = z
  .object({ ...optional(TEXT_FIELDS), ...optional(SENDER_FIELDS), ...optional(TIME_FIELDS) })
  .meta({ id: 'ForwardedSms' })
  .transform((fields, ctx): ForwardedSms => {
    const pick = (names: readonly string[]) => names.map((name) => fields[name]).find((v) => v !== undefined);
    const text = pick(TEXT_FIELDS)?.trim() ?? '';
    if (text === '') {
      ctx.issues.push({
        code: 'custom',
        path: ['text'],
        message: 'required (as text, message, body or msg)',
        params: { code: ERROR_CODES.missingField },
        input: fields,
      });
      return z.NEVER;
    }
    return { text, sender: pick(SENDER_FIELDS)?.trim() ?? '', receivedAt: readTime(pick(TIME_FIELDS)) };
  });

/** The body as fields: JSON, a form (URL-encoded or multipart), or plain text (the message itself). */
export async function readSmsFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return Object.fromEntries(new URLSearchParams(await c.req.text()));
  }
  if (/^multipart\/form-data\b/i.test(type)) {
    const form = await c.req.parseBody();
    return Object.fromEntries(
      Object.entries(form).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
    );
  }
  if (/^text\/plain\b/i.test(type)) return { text: await c.req.text() };
  if (type === '' || /^application\/json\b/i.test(type)) {
    const body = await readJsonObject(c);
    return Object.fromEntries(
      Object.entries(body).flatMap(([name, value]) =>
        typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
      ),
    );
  }
  throw new AppError(
    ERROR_CODES.unsupportedMediaType,
    'Content-Type: must be application/json, application/x-www-form-urlencoded, multipart/form-data or text/plain',
  );
}

/**
 * Seconds or milliseconds since the epoch, or a date. A time that cannot be read is left out
 * (the text is kept with the time it arrived): a forwarder's odd clock must not lose an alert.
 */
export function readTime(value: string | undefined): Date | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (/^\d{9,13}(?:\.\d+)?$/.test(text)) {
    const n = Number(text);
    const date = new Date(n >= 1e11 ? n : n * 1000);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return findIndianDate(text);
}
