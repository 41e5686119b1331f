/**
 * How deep a JSON text nests, found in one pass over its characters before it is parsed: no
 * legitimate body nests deeper than a few levels (signed bodies are flat, operator bodies hold
 * an array or two), and a body of `[[[[...` thousands deep would overflow the stack of any
 * recursive walk after the parse. The count follows strings and their escapes, so brackets
 * inside a string do not count.
 */

/** Far above any body the API takes, far below what a recursive walk cannot survive. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Whether the JSON text opens more than `max` objects or arrays inside one another. */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
