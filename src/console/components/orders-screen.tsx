import { useState } from 'preact/hooks';
import { useAppDeps } from '../app-deps.js';
import { useResource } from '../hooks/use-resource.js';
import { istDayEnd, istDayStart } from '../lib/format-ist.js';
import { type OrderQuery, ordersHref } from '../lib/route.js';
import { LoadState } from './load-state.js';
import { OrderTable } from './order-table.js';
import { Pager } from './pager.js';

const STATUSES = ['pending', 'preparing', 'processing', 'completed', 'failed', 'reject', 'refund', 'overdue'];

/** The API's query for a route's filters: IST days become instants. */
export function searchParams(query: OrderQuery): Record<string, string> {
  return {
    q: query.q,
    merchant_uid: query.merchant_uid,
    kind: query.kind,
    status: query.status,
    callback: query.callback,
    from: istDayStart(query.from) ?? '',
    to: istDayEnd(query.to) ?? '',
    limit: '50',
  };
}

/** Search and filters in the address (so a list can be linked), pages fetched from the server. */
export function OrdersScreen({ query }: { readonly query: OrderQuery }) {
  const { api } = useAppDeps();
  const [cursors, setCursors] = useState<string[]>([]);
  const key = JSON.stringify(query);
  const [pageKey, setPageKey] = useState(key);
  if (pageKey !== key) {
    setPageKey(key);
    setCursors([]);
  }
  const cursor = cursors.at(-1);
  const [page, reload] = useResource(
    () => api.searchOrders(searchParams(query), cursor),
    `${key}|${cursor ?? ''}`,
  );
  const [merchants] = useResource(() => api.merchants(), 'merchants');
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const next: Record<string, string> = {};
    for (const [name, value] of form.entries()) next[name] = String(value).trim();
    window.location.hash = ordersHref(next);
  };
  return (
    <>
      <h1>Orders</h1>
      <form class="filters" onSubmit={submit} aria-label="Search orders" key={key}>
        <label class="wide">
          Search
          <input
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="payment_uid, merchant order id, UTR, payer name or amount"
          />
        </label>
        <label>
          Merchant
          <select name="merchant_uid" defaultValue={query.merchant_uid}>
            <option value="">All merchants</option>
            {merchants.state === 'ready'
              ? merchants.data.map((merchant) => (
                  <option key={merchant.uid} value={merchant.uid}>
                    {merchant.name}
                  </option>
                ))
              : null}
          </select>
        </label>
        <label>
          Kind
          <select name="kind" defaultValue={query.kind}>
            <option value="">Both</option>
            <option value="income">Collections</option>
            <option value="expense">Payouts</option>
          </select>
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status}>
            <option value="">Any</option>
            {query.status.includes(',') ? <option value={query.status}>{query.status}</option> : null}
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label>
          From (IST)
          <input name="from" type="date" defaultValue={query.from} />
        </label>
        <label>
          To (IST)
          <input name="to" type="date" defaultValue={query.to} />
        </label>
        <input type="hidden" name="callback" value={query.callback} />
        <button type="submit" class="primary">
          Search
        </button>
      </form>
      <LoadState resource={page} retry={reload} what="orders">
        {(data) =>
          data.orders.length === 0 ? (
            <p class="muted" role="status">
              No orders match.
            </p>
          ) : (
            <>
              <OrderTable orders={data.orders} caption="Orders, newest first" />
              <Pager cursors={cursors} onChange={setCursors} next={data.next_cursor ?? undefined} />
            </>
          )
        }
      </LoadState>
    </>
  );
}
