/**
 * Text that enters the service is checked once, here at the edge: no control characters in any
 * string of a request (body fields and their names, path, query), but for the line breaks and
 * tabs of free text (a bank's multi-line alert, an address, a note) in body values. NUL cannot
 * be stored, and ESC or CSI sequences in a name would drive an operator's terminal. The other C0
 * controls, DEL and C1 controls are refused with a 400 naming the field; a field that must be one
 * line (an amount, a UTR) says so in its own schema.
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError, invalidField } from '../errors.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Control characters but tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_BUT_LINES_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Whether `text` holds any control character, line breaks and tabs included (identifiers, cells). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/** Whether free text holds a control character other than a line break or a tab. */
export function hasForbiddenControl(text: string): boolean {
  return CONTROL_BUT_LINES.test(text);
}

/** Free text with every control character but line breaks and tabs replaced by U+FFFD. */
export function replaceForbiddenControls(text: string): string {
  return text.replace(CONTROL_BUT_LINES_ALL, '\ufffd');
}

/**
 * The path of the first string value holding a control character other than a line break or a
 * tab, or of the first object key holding any control character; undefined when clean. Walks the
 * value with a stack of its own (untrusted input may be nested deeper than the call stack).
 */
export function controlCharacterAt(value: unknown): string | undefined {
  const stack: [item: unknown, path: string][] = [[value, '']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (CONTROL_BUT_LINES.test(item)) return path || 'body';
    } else if (Array.isArray(item)) {
      // Pushed last to first, so the body is looked at in the order it was written.
      for (let index = item.length - 1; index >= 0; index--) stack.push([item[index], `${path}[${index}]`]);
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      if (entries.some(([name]) => CONTROL.test(name))) return path || 'body';
      for (let index = entries.length - 1; index >= 0; index--) {
        const [name, element] = entries[index] as [string, unknown];
        stack.push([element, path ? `${path}.${name}` : name]);
      }
    }
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
