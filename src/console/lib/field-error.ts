/**
 * An API refusal (`name: Invalid input: expected string, received number`) as the operator reads
 * it next to the field it concerns: the field the details name (the first part of its path) when
 * the form has it, and the reason in plain words. Undefined when the details name no field of the
 * form: the form shows them whole, under the form.
 */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** Sizes before types: a size message names the type too (`expected string to have <=120`). */
const WORDING: readonly (readonly [RegExp, (match: RegExpMatchArray) => string])[] = [
  [/too small: expected string to have >=1 characters?/i, () => 'Fill this in.'],
  [/too small: expected string to have >=(\d+) characters?/i, (m) => `Use at least ${m[1]} characters.`],
  [/too big: expected string to have <=(\d+) characters?/i, (m) => `Use at most ${m[1]} characters.`],
  [/too small: expected number to be >=?(\S+)/i, (m) => `Enter ${m[1]} or more.`],
  [/too big: expected number to be <=?(\S+)/i, (m) => `Enter ${m[1]} or less.`],
  [/expected string, received (undefined|null)/i, () => 'Fill this in.'],
  [/expected string/i, () => 'Enter text here.'],
  [/expected (number|int)/i, () => 'Enter a number.'],
  [/expected boolean/i, () => 'Choose yes or no.'],
  [/expected array/i, () => 'Enter one or more values.'],
  [/must be one of (.+)/i, (m) => `Choose one of: ${m[1]}.`],
  [/invalid (url|uri)/i, () => 'Enter a full address, starting with https://.'],
  [/invalid email/i, () => 'Enter an e-mail address, like name@example.com.'],
  [/must be exactly (\d+) digits/i, (m) => `Enter exactly ${m[1]} digits.`],
  [/must be greater than 0/i, () => 'Enter an amount above 0.'],
  [/must be a decimal amount like (\S+)/i, (m) => `Enter an amount in rupees, like ${m[1]}.`],
];

export function fieldError(details: string, fields: readonly string[]): FieldError | undefined {
  const match = /^([A-Za-z_][\w]*)(?:\.[\w.]+)?: (.+)$/s.exec(details.trim());
  if (!match?.[1] || !match[2] || !fields.includes(match[1])) return undefined;
  return { field: match[1], message: readable(match[2]) };
}

/** The reason in the operator's words: a known schema message reworded, any other as a sentence. */
export function readable(reason: string): string {
  for (const [pattern, say] of WORDING) {
    const found = reason.match(pattern);
    if (found) return say(found);
  }
  const text = reason.replace(/^Invalid input:\s*/i, '').trim();
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The label of a form's field by its name, from the form's [name, label] list; the name if none. */
export function labelIn(fields: readonly (readonly [string, string])[]): (name: string) => string {
  return (name) => fields.find(([field]) => field === name)?.[1] ?? name;
}
