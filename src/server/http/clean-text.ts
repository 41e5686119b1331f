/**
 * Text that enters the service is checked once, here at the edge: no control characters in any
 * string of a request (body fields and their names, path, query). NUL cannot be stored, and ESC or
 * CSI sequences in a name would drive an operator's terminal. C0 controls, DEL and C1 controls are
 * refused with a 400 naming the field.
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError, invalidField } from '../errors.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/** The path of the first string (or object key) holding a control character, or undefined. */
export function controlCharacterAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path || 'body' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = controlCharacterAt(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [name, item] of Object.entries(value)) {
    const field = path ? `${path}.${name}` : name;
    if (CONTROL.test(name)) return path || 'body';
    const found = controlCharacterAt(item, field);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses a body holding control characters, naming the field. */
export function assertCleanBody(value: unknown): void {
  const field = controlCharacterAt(value);
  if (field !== undefined) throw invalidField(field, 'must not contain control characters');
}

/**
 * Checks the request target, a whole URL or the path and query alone (as in a request line): the
 * path must decode (malformed percent-encoding is a 400) and neither it nor a query parameter may
 * hold control characters. Only targets with `%` or raw control characters need looking at, so
 * the common request costs one scan of the URL.
 */
export function assertCleanTarget(url: string): void {
  if (url.indexOf('%') === -1 && !CONTROL.test(url)) return;
  const queryAt = url.indexOf('?');
  const pathStart = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2);
  const path = url.slice(pathStart, queryAt === -1 ? undefined : queryAt);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new AppError(ERROR_CODES.invalidRequest, 'path: malformed percent-encoding');
  }
  if (CONTROL.test(decoded)) throw invalidField('path', 'must not contain control characters');
  if (queryAt === -1) return;
  for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
    if (CONTROL.test(name) || CONTROL.test(value))
      throw invalidField(name, 'must not contain control characters');
  }
}

/** Dates a bank or an operator may give: from 2000 to 2100 (year 0 and year 99999 are typos). */
export function isSaneDate(date: Date): boolean {
  const time = date.getTime();
  return time >= SANE_FROM && time < SANE_UNTIL;
}
const SANE_FROM = Date.UTC(2000, 0, 1);
const SANE_UNTIL = Date.UTC(2100, 0, 1);
