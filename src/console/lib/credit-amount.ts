import { formatInr } from './format-inr.js';

/** A credit's amount as the credits list gives it (paise as a number, or a decimal string). */
export function creditAmount(amount: number | string | undefined): string {
  if (amount === undefined) return '—';
  if (typeof amount === 'string')
    return /^\d+$/.test(amount) ? creditAmount(Number(amount)) : formatInr(amount);
  const paise = Math.round(amount);
  return formatInr(`${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`);
}
