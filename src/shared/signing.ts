/**
 * The canonical string that OC-Signature is computed over: every field of the body, sorted by
 * name, joined as `name=value` pairs with `&`. Pure, so both sides and the tests share it.
 */
export type SignedScalar = string | number | boolean;
export type SignedFields = Readonly<Record<string, SignedScalar>>;

export interface CanonicalOptions {
  /** Drop fields whose value is the empty string (one of the two conventions merchants use). */
  readonly skipEmpty: boolean;
}

export function canonicalString(fields: SignedFields, options: CanonicalOptions): string {
  const both = canonicalStrings(fields);
  return options.skipEmpty ? both.nonEmpty : both.everyField;
}

/** The canonical strings of both conventions, written in one pass: equal when no field is empty. */
export interface CanonicalStrings {
  readonly everyField: string;
  readonly nonEmpty: string;
}

export function canonicalStrings(fields: SignedFields): CanonicalStrings {
  let everyField = '';
  let nonEmpty = '';
  for (const name of Object.keys(fields).sort()) {
    const value = String(fields[name]);
    const pair = `${name}=${value}`;
    everyField = everyField === '' ? pair : `${everyField}&${pair}`;
    if (value !== '') nonEmpty = nonEmpty === '' ? pair : `${nonEmpty}&${pair}`;
  }
  return { everyField, nonEmpty };
}
