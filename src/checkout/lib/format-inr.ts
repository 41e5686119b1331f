import { parseAmount } from '../../shared/money.js';

const rupeeGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * Formats a two-decimal rupee string in Indian grouping: "100000.00" -> "₹1,00,000.00".
 * Works on integer paise (never floating-point rupees); unparseable text is shown as given.
 */
export function formatInr(amount: string): string {
  const paise = parseAmount(amount);
  if (paise === undefined) return amount;
  const rupees = Math.floor(paise / 100);
  const fraction = String(paise % 100).padStart(2, '0');
  return `₹${rupeeGrouping.format(rupees)}.${fraction}`;
}

/** The amount as apps and bank forms want it pasted: "1500.00". */
export function plainAmount(amount: string): string {
  const paise = parseAmount(amount);
  if (paise === undefined) return amount;
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}
