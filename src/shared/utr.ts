/** A UTR (RRN) is exactly 12 digits; payers paste it with spaces. A leading 0 is valid. */
export const UTR_LENGTH = 12;

/** Removes white space a payer may have pasted with the UTR. */
export function normalizeUtr(text: string): string {
  return text.replace(/\s+/g, '');
}

export function isValidUtr(normalized: string): boolean {
  return /^\d{12}$/.test(normalized);
}
