import { formatInr } from './format-inr.js';

/** A credit's amount as the credits list gives it (paise as a number, or a decimal string). */
export function creditAmount(amount: number | string | undefined): string {
  return amount === undefined ? '—' : formatInr(creditRupees(amount));
}

/** The same amount as rupees with two decimals ("1499.00"), as the order search reads one. */
export function creditRupees(amount: number | string): string {
  if (typeof amount === 'string') return /^\d+$/.test(amount) ? creditRupees(Number(amount)) : amount;
  const paise = Math.round(amount);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}
