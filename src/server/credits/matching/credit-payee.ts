/**
 * Whose money is a bank credit? A credit pays only the merchant it was paid to: its payee (a UPI
 * address or an account number) must be the order's collection account (`to_account`). A credit
 * that names no payee may settle an order only when exactly one merchant has collection accounts
 * at all (a single-account deployment); otherwise nobody can tell, and it waits for an operator.
 * The UTR alone never moves money between merchants.
 */
import type { Collectors } from '../../merchants/merchant-store.js';
import type { Order } from '../../orders/order.js';

export type PayeeFit =
  | { readonly kind: 'fits' }
  /** The credit names another account: never this order's money. */
  | { readonly kind: 'mismatch'; readonly reason: string }
  /** The credit names no account and more than one merchant could have received it. */
  | { readonly kind: 'unknown'; readonly reason: string };

/** UPI addresses are case-insensitive; account numbers may come with spaces from a statement. */
export function normalizePayee(payee: string): string {
  return payee.replace(/\s+/g, '').toLowerCase();
}

/**
 * Whether a credit paid to `payee` can be the order's money. `collectors` is needed only for a
 * credit that names no payee.
 */
export function payeeFits(
  order: Pick<Order, 'to_account' | 'merchant_uid'>,
  payee: string,
  collectors: Collectors | undefined,
): PayeeFit {
  const given = normalizePayee(payee);
  if (given !== '') {
    return given === normalizePayee(order.to_account)
      ? { kind: 'fits' }
      : { kind: 'mismatch', reason: "credit was paid to another account than the order's" };
  }
  if (!collectors) throw new Error('a credit without a payee needs the collecting merchants');
  return collectors.only === order.merchant_uid
    ? { kind: 'fits' }
    : { kind: 'unknown', reason: 'credit names no payee and several merchants could have received it' };
}
