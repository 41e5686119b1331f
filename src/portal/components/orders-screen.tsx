import { type Column, DataTable } from '../../console/components/data-table.js';
import {
  type Choice,
  DayRangeFilter,
  FilterForm,
  SearchFilter,
  SelectFilter,
  statusChoices,
} from '../../console/components/filters.js';
import { orderPage, PagedList } from '../../console/components/paged-list.js';
import { StatusBadge } from '../../console/components/status-badge.js';
import { usePagedResource } from '../../console/hooks/use-pages.js';
import { formValues } from '../../console/lib/form-values.js';
import { formatInr } from '../../console/lib/format-inr.js';
import { formatIst } from '../../console/lib/format-ist.js';
import { orderSearchParams } from '../../console/lib/order-search.js';
import type { PortalOrder } from '../../shared/portal-views.js';
import { useAppDeps } from '../app-deps.js';
import { type OrderQuery, orderHref, ordersHref } from '../lib/route.js';

const KINDS: readonly Choice[] = [
  ['', 'Both'],
  ['income', 'Collections'],
  ['payout', 'Payouts'],
];

const CALLBACKS: readonly Choice[] = [
  ['', 'Any'],
  ['failing', 'Failing'],
];

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

/** The merchant's orders: search and filters in the address, pages fetched from the server. */
export function OrdersScreen({ query }: { readonly query: OrderQuery }) {
  const { api } = useAppDeps();
  const key = JSON.stringify(query);
  const list = usePagedResource((cursor) => api.orders(orderSearchParams(query), cursor), key);
  const submit = (event: Event) => {
    event.preventDefault();
    window.location.hash = ordersHref(formValues(event));
  };
  return (
    <>
      <h1>Orders</h1>
      <FilterForm label="Search orders" onSubmit={submit} key={key}>
        <SearchFilter value={query.q} placeholder="Your order id, payment_uid, UTR or amount" />
        <SelectFilter
          label="Status"
          name="status"
          value={query.status}
          choices={statusChoices('Any status')}
        />
        <SelectFilter label="Kind" name="kind" value={query.kind} choices={KINDS} />
        <SelectFilter label="Callback" name="callback" value={query.callback} choices={CALLBACKS} />
        <DayRangeFilter from={query.from} to={query.to} zone="day" />
      </FilterForm>
      <PagedList list={list} what="orders" page={(data) => orderPage(data)} empty="No orders match.">
        {(orders) => (
          <DataTable
            rows={orders}
            columns={COLUMNS}
            rowKey={(order) => order.payment_uid}
            caption="Orders, newest first"
          />
        )}
      </PagedList>
    </>
  );
}
