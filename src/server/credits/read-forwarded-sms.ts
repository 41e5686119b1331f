/**
 * The shapes SMS-forwarding apps post: JSON, a form or a multipart form, the message under
 * `text`, `message`, `body` or `msg`, the sender under `from`, `sender` or `address`, and an
 * optional time in seconds, milliseconds or ISO form (`timestamp`, `time`, `date`,
 * `received_at`, `receivedStamp`, `sentStamp`). A plain-text body is the message itself.
 * Nothing here refuses: a body that cannot be read as a text comes back `invalid` with the reason
 * (received-text.ts), to be stored as received.
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError, isAppError } from '../errors.js';
import { parseJsonObject } from '../http/read-body.js';
import { findIndianDate } from './indian-date.js';
import { decodeBody, invalidText, type ReceivedText, receivedText } from './received-text.js';

export const TEXT_FIELD_NAMES = ['text', 'message', 'body', 'msg'] as const;
export const SENDER_FIELD_NAMES = ['from', 'sender', 'address'] as const;
export const TIME_FIELD_NAMES = [
  'timestamp',
  'time',
  'date',
  'received_at',
  'receivedStamp',
  'sentStamp',
  'sent_at',
] as const;

/**
 * `query` is the request's query: an app that posts the bare message (text/plain) names its sender
 * in the URL it is given (`?from=%sender%`); a sender in the body comes first.
 */
export async function readForwardedSms(
  bytes: Uint8Array,
  contentType: string,
  query: Readonly<Record<string, string>> = {},
): Promise<ReceivedText> {
  const decoded = decodeBody(bytes);
  let fields: Record<string, string>;
  try {
    fields = await readFields(bytes, decoded.text, contentType);
  } catch (error) {
    // A library's parser may throw anything at a body made to break it: all of it is the body's fault.
    const reason = isAppError(error) ? error.details : 'body: not a readable multipart form';
    return invalidText(bytes, reason, { text: decoded.text });
  }
  const pick = (names: readonly string[]) => names.map((name) => fields[name]).find((v) => v !== undefined);
  const read = {
    text: pick(TEXT_FIELD_NAMES)?.trim() ?? '',
    sender:
      (pick(SENDER_FIELD_NAMES) ?? SENDER_FIELD_NAMES.map((name) => query[name]).find(Boolean))?.trim() ?? '',
    receivedAt: readTime(pick(TIME_FIELD_NAMES)),
  };
  if (decoded.undecodable) return invalidText(bytes, 'body: not valid UTF-8', read);
  if (read.text === '') {
    return invalidText(bytes, 'text: missing (as text, message, body or msg)', {
      ...read,
      text: decoded.text,
    });
  }
  return receivedText(bytes, read);
}

async function readFields(bytes: Uint8Array, text: string, type: string): Promise<Record<string, string>> {
  if (/^application\/x-www-form-urlencoded\b/i.test(type))
    return Object.fromEntries(new URLSearchParams(text));
  if (/^multipart\/form-data\b/i.test(type)) {
    // The web platform's own multipart reader (a body that is no form throws).
    const form = await new Response(new Uint8Array(bytes), { headers: { 'Content-Type': type } }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] ??= value;
    return fields;
  }
  if (/^text\/plain\b/i.test(type)) return { text };
  if (type === '' || /^application\/json\b/i.test(type)) {
    const body = parseJsonObject(text);
    return Object.fromEntries(
      Object.entries(body).flatMap(([name, value]) =>
        typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
      ),
    );
  }
  throw new AppError(
    ERROR_CODES.unsupportedMediaType,
    'Content-Type: not application/json, application/x-www-form-urlencoded, multipart/form-data or text/plain',
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
