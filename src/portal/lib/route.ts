/**
 * The portal's screens as hash routes (`/merchant/#/orders?q=…`): one page served, every screen a
 * link that can be shared or reloaded. `#invite=<token>` is the invitation link's own address.
 */
export type Route =
  | { readonly screen: 'orders'; readonly query: OrderQuery }
  | { readonly screen: 'order'; readonly paymentUid: string }
  | { readonly screen: 'balance' }
  | { readonly screen: 'callbacks' }
  | { readonly screen: 'keys' }
  | { readonly screen: 'settings' }
  | { readonly screen: 'team' }
  | { readonly screen: 'not-found' };

export interface OrderQuery {
  readonly q: string;
  readonly status: string;
  readonly kind: string;
  readonly callback: string;
  readonly from: string;
  readonly to: string;
}

export const ORDER_QUERY_FIELDS: readonly (keyof OrderQuery)[] = [
  'q',
  'status',
  'kind',
  'callback',
  'from',
  'to',
];

export function parseRoute(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(search);
  const [first = '', second] = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (first === '' || first === 'orders') {
    if (second) return { screen: 'order', paymentUid: second };
    const query = Object.fromEntries(ORDER_QUERY_FIELDS.map((name) => [name, params.get(name) ?? '']));
    return { screen: 'orders', query: query as unknown as OrderQuery };
  }
  if (
    first === 'balance' ||
    first === 'callbacks' ||
    first === 'keys' ||
    first === 'settings' ||
    first === 'team'
  )
    return { screen: first };
  return { screen: 'not-found' };
}

/** The token of an invitation link (`#invite=inv_…`), if the address is one. */
export function inviteToken(hash: string): string | undefined {
  const match = /^#invite=([^&]+)$/.exec(hash);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** The same addresses as the console's: the order list with its filters, and one order. */
export { orderHref, ordersHref } from '../../console/lib/route.js';
