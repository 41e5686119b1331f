/**
 * Text as banks' bulk-upload files accept it: the documented layouts allow letters, digits and
 * spaces (HDFC ENet: "do not use commas in any field ... do not use special characters"), with a
 * maximum length per field. Accents are dropped to their base letter (é -> e); anything else
 * (punctuation, other scripts, control characters) becomes a space, runs of spaces one, and the
 * result is cut to the field's length. A name in another script alone cleans to nothing: the
 * batch leaves such a payout out rather than send a name the bank would not match.
 */
export function cleanBankText(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The day a batch was prepared, in India (UTC+05:30, no daylight saving), as its parts. */
export function indianDate(at: Date): {
  readonly day: string;
  readonly month: string;
  readonly year: string;
} {
  const shifted = new Date(at.getTime() + 330 * 60_000);
  return {
    day: String(shifted.getUTCDate()).padStart(2, '0'),
    month: String(shifted.getUTCMonth() + 1).padStart(2, '0'),
    year: String(shifted.getUTCFullYear()),
  };
}
