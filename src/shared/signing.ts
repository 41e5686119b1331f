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
  return Object.keys(fields)
    .sort()
    .flatMap((name) => {
      const value = String(fields[name]);
      return options.skipEmpty && value === '' ? [] : [`${name}=${value}`];
    })
    .join('&');
}
