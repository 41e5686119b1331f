/**
 * Money as integer paise. Amounts cross the wire as decimal strings ("20", "20.5", "20.00")
 * and are never touched by binary floating point.
 */
const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

export type Paise = number;

/** Parses a positive decimal rupee amount with at most two fraction digits into paise. */
export function parseAmount(text: string): Paise | undefined {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const rupees = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const paise = Number(rupees) * 100 + Number(fraction);
  if (!Number.isSafeInteger(paise) || paise <= 0) return undefined;
  return paise;
}

/** Formats paise as a plain two-decimal string: 2050 -> "20.50". */
export function formatAmount(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${rupees}.${fraction}`;
}
