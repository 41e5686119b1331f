/**
 * The console's screens as hash routes (`/console/#/orders?q=…`), so the server serves one page
 * and every screen has a link that can be shared or reloaded.
 */
export type Route =
  | { readonly screen: 'today' }
  | { readonly screen: 'attention'; readonly kind: string }
  | { readonly screen: 'orders'; readonly query: OrderQuery }
  | { readonly screen: 'order'; readonly paymentUid: string }
  | { readonly screen: 'search'; readonly q: string }
  | { readonly screen: 'credits'; readonly tab: string }
  | { readonly screen: 'merchants' }
  | { readonly screen: 'merchant'; readonly merchantUid: string }
  | { readonly screen: 'audit' }
  | { readonly screen: 'payouts' }
  | { readonly screen: 'payout-batch'; readonly batchId: string }
  | { readonly screen: 'approvals'; readonly state: string }
  | { readonly screen: 'not-found' };

export interface OrderQuery {
  readonly q: string;
  readonly merchant_uid: string;
  readonly kind: string;
  readonly status: string;
  readonly callback: string;
  readonly from: string;
  readonly to: string;
}

export const EMPTY_ORDER_QUERY: OrderQuery = {
  q: '',
  merchant_uid: '',
  kind: '',
  status: '',
  callback: '',
  from: '',
  to: '',
};

export function parseRoute(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(search);
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first = '', second] = parts;
  if (parts.length === 0 || first === 'today') return { screen: 'today' };
  if (first === 'attention') return { screen: 'attention', kind: params.get('kind') ?? '' };
  if (first === 'search') return { screen: 'search', q: params.get('q') ?? '' };
  if (first === 'orders' && second) return { screen: 'order', paymentUid: second };
  if (first === 'orders') {
    const query = Object.fromEntries(
      Object.keys(EMPTY_ORDER_QUERY).map((name) => [name, params.get(name) ?? '']),
    ) as unknown as OrderQuery;
    return { screen: 'orders', query };
  }
  if (first === 'credits') return { screen: 'credits', tab: params.get('tab') ?? 'waiting' };
  if (first === 'merchants' && second) return { screen: 'merchant', merchantUid: second };
  if (first === 'merchants') return { screen: 'merchants' };
  if (first === 'audit') return { screen: 'audit' };
  if (first === 'payouts' && second === 'batches' && parts[2])
    return { screen: 'payout-batch', batchId: parts[2] };
  if (first === 'payouts') return { screen: 'payouts' };
  if (first === 'approvals')
    return { screen: 'approvals', state: params.get('state') ?? 'awaiting_approval' };
  return { screen: 'not-found' };
}

export function ordersHref(query: Partial<OrderQuery> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return `#/orders${text ? `?${text}` : ''}`;
}

export const searchHref = (q: string) => `#/search?${new URLSearchParams({ q })}`;
export const orderHref = (paymentUid: string) => `#/orders/${encodeURIComponent(paymentUid)}`;
export const merchantHref = (merchantUid: string) => `#/merchants/${encodeURIComponent(merchantUid)}`;
export const attentionHref = (kind = '') => `#/attention${kind ? `?kind=${encodeURIComponent(kind)}` : ''}`;
export const creditsHref = (tab = 'waiting') => `#/credits?tab=${encodeURIComponent(tab)}`;
export const payoutsHref = '#/payouts';
export const payoutBatchHref = (batchId: string) => `#/payouts/batches/${encodeURIComponent(batchId)}`;
export const approvalsHref = (state = 'awaiting_approval') =>
  `#/approvals?state=${encodeURIComponent(state)}`;
