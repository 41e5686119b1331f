/** Fields several request schemas share, written as a person types them. */
import { z } from 'zod';
import { parseAmount } from '../../shared/money.js';
import { normalizeUtr } from '../../shared/utr.js';

/** An amount in rupees as text: up to two decimals (`199`, `199.5`, `199.00`). */
export const amountField = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be a decimal amount like 100.00');

/** An amount in rupees as text, read as paise: more than zero. */
export const paiseField = amountField.transform((text, ctx) => {
  const paise = parseAmount(text);
  if (paise !== undefined) return paise;
  ctx.issues.push({ code: 'custom', message: 'must be greater than 0', input: text });
  return z.NEVER;
});

/** A UTR as pasted (white space removed): exactly 12 digits. */
export const utrField = z
  .string()
  .transform(normalizeUtr)
  .pipe(z.string().regex(/^\d{12}$/, 'must be exactly 12 digits'));

/** A row's number in a path (`/credits/12/match`), up to 15 digits. */
export const idField = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a number')
  .transform(Number);

/** A page's length: 1 to `max` rows, `fallback` when not given. */
export function limitField(max: number, fallback: number) {
  return z.coerce.number().int().min(1).max(max).default(fallback).describe(`1-${max}, default ${fallback}`);
}

/**
 * The query of a list of rows by state, newest first: only the rows in one of `states` (all unless
 * told), and up to 1000 of them (100 unless told); `rows` names them in the description.
 */
export function stateListQuery<const S extends readonly [string, ...string[]]>(states: S, rows: string) {
  return z.object({
    state: z.enum(states).optional().describe(`Only ${rows} in this state`),
    limit: limitField(1000, 100),
  });
}

/** `/merchants/:uid/...`: the merchant. */
export const MerchantParams = z.object({ uid: z.string().describe('The merchant (its uid)') });

/** `/orders/:payment_uid/...`: the order. */
export const OrderParams = z.object({ payment_uid: z.string().describe('The order (its payment_uid)') });
