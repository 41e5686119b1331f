/**
 * Amounts as Indian banks write them: `1,00,000.00` (lakh grouping), `1,000.5`, `500/-`,
 * `Rs.500`, `INR 500`, `₹500`. Parsed to integer paise through the one money parser.
 */
import { type Paise, parseAmount } from '../../shared/money.js';

const GROUPED =
  /^\d{1,3}(?:,\d{2})*,\d{3}(?:\.\d{1,2})?$|^\d+(?:\.\d{1,2})?$|^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/;

/** Parses a positive amount with Indian or western digit grouping; undefined when it is not one. */
export function parseIndianAmount(text: string): Paise | undefined {
  const bare = text
    .trim()
    .replace(/^(?:Rs\.?|INR|₹)\s*:?\s*/i, '')
    .replace(/\s*\/-$/, '')
    .replace(/\.$/, '');
  if (!GROUPED.test(bare)) return undefined;
  return parseAmount(bare.replace(/,/g, ''));
}
