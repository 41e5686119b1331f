import { useState } from 'preact/hooks';
import { type Column, DataTable } from '../../console/components/data-table.js';
import { LoadState } from '../../console/components/load-state.js';
import { Pager } from '../../console/components/pager.js';
import { StatusBadge } from '../../console/components/status-badge.js';
import { formatInr } from '../../console/lib/format-inr.js';
import { formatIst, istDayEnd, istDayStart } from '../../console/lib/format-ist.js';
import type { PortalOrder } from '../../shared/portal-views.js';
import { useAppDeps } from '../app-deps.js';
import { useResource } from '../lib/hooks.js';
import { type OrderQuery, orderHref, ordersHref } from '../lib/route.js';

const STATUSES = ['pending', 'preparing', 'processing', 'completed', 'failed', 'reject', 'refund', 'overdue'];

const COLUMNS: readonly Column<PortalOrder>[] = [
  {
    header: 'Your order id',
    cell: (order) => (
      <>
        <a href={orderHref(order.payment_uid)}>{order.merchant_order_id}</a>
        <div class="muted small mono hide-narrow">{order.payment_uid}</div>
      </>
    ),
  },
  { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  { header: 'Amount', class: 'num', cell: (order) => formatInr(order.amount) },
  { header: 'UTR', cellClass: 'mono nowrap', cell: (order) => order.utr ?? '—' },
  { header: 'Callback', class: 'hide-narrow', cell: (order) => order.notify_status },
  { header: 'Created', class: 'hide-narrow', cell: (order) => formatIst(order.created_at) },
];

/** The API's query for a route's filters: India days become instants. */
function searchParams(query: OrderQuery): Record<string, string> {
  return {
    ...query,
    from: istDayStart(query.from) ?? '',
    to: istDayEnd(query.to) ?? '',
    limit: '50',
  };
}

/** The merchant's orders: search and filters in the address, pages fetched from the server. */
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
  const [page, reload] = useResource(() => api.orders(searchParams(query), cursor), `${key}|${cursor ?? ''}`);
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
            placeholder="Your order id, payment_uid, UTR or amount"
          />
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status}>
            <option value="">Any status</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind
          <select name="kind" defaultValue={query.kind}>
            <option value="">Both</option>
            <option value="income">Collections</option>
            <option value="payout">Payouts</option>
          </select>
        </label>
        <label>
          Callback
          <select name="callback" defaultValue={query.callback}>
            <option value="">Any</option>
            <option value="failing">Failing</option>
          </select>
        </label>
        <label>
          From (day)
          <input name="from" type="date" defaultValue={query.from} />
        </label>
        <label>
          To (day)
          <input name="to" type="date" defaultValue={query.to} />
        </label>
        <button type="submit" class="primary">
          Search
        </button>
      </form>
      <LoadState resource={page} retry={reload} what="orders">
        {(data) =>
          data.orders.length === 0 ? (
            <p>No orders match.</p>
          ) : (
            <>
              <DataTable
                rows={data.orders}
                columns={COLUMNS}
                rowKey={(order) => order.payment_uid}
                caption="Orders, newest first"
              />
              <Pager cursors={cursors} onChange={setCursors} next={data.next_cursor ?? undefined} />
            </>
          )
        }
      </LoadState>
    </>
  );
}
