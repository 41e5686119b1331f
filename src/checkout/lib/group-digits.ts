/** A long number in groups of four for reading ("0012 3456 7890 123"); other text as given. */
export function groupDigits(text: string): string {
  return /^\d{8,}$/.test(text) ? (text.match(/\d{1,4}/g) ?? [text]).join(' ') : text;
}
