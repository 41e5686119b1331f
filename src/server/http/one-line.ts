/**
 * A field that is one line of text: a name, an account, an identifier. The edge check lets line
 * breaks and tabs through in body values (clean-text.ts), because free text has them (a bank's
 * multi-line alert, a note, a reason); a field that must be one line says so with this schema.
 */
import { z } from 'zod';

export const ONE_LINE = /^[^\t\n\r]*$/;

/** A string without line breaks or tabs. */
export function oneLine() {
  return z.string().regex(ONE_LINE, 'must be one line: no line breaks or tabs');
}
