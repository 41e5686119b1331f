import { useAppDeps } from '../app-deps.js';
import { usePagedResource } from '../hooks/use-pages.js';
import { useResource } from '../hooks/use-resource.js';
import { formValues } from '../lib/form-values.js';
import { orderSearchParams } from '../lib/order-search.js';
import { type OrderQuery, ordersHref } from '../lib/route.js';
import {
  type Choice,
  DayRangeFilter,
  FilterForm,
  SearchFilter,
  SelectFilter,
  statusChoices,
} from './filters.js';
import { OrderTable } from './order-table.js';
import { orderPage, PagedList } from './paged-list.js';

const KINDS: readonly Choice[] = [
  ['', 'Both'],
  ['income', 'Collections'],
  ['expense', 'Payouts'],
];

/** Search and filters in the address (so a list can be linked), pages fetched from the server. */
export function OrdersScreen({ query }: { readonly query: OrderQuery }) {
  const { api } = useAppDeps();
  const key = JSON.stringify(query);
  const list = usePagedResource((cursor) => api.searchOrders(orderSearchParams(query), cursor), key);
  const [merchants] = useResource(() => api.merchants(), 'merchants');
  const submit = (event: Event) => {
    event.preventDefault();
    window.location.hash = ordersHref(formValues(event));
  };
  // A status list from a link (Today's figures) is kept as a choice of its own.
  const statuses = statusChoices('Any');
  return (
    <>
      <h1>Orders</h1>
      <FilterForm label="Search orders" onSubmit={submit} key={key}>
        <SearchFilter
          value={query.q}
          placeholder="payment_uid, merchant order id, UTR, payer name or amount"
        />
        <SelectFilter
          label="Merchant"
          name="merchant_uid"
          value={query.merchant_uid}
          choices={[
            ['', 'All merchants'],
            ...(merchants.state === 'ready'
              ? merchants.data.map((merchant): Choice => [merchant.uid, merchant.name])
              : []),
          ]}
        />
        <SelectFilter label="Kind" name="kind" value={query.kind} choices={KINDS} />
        <SelectFilter
          label="Status"
          name="status"
          value={query.status}
          choices={
            query.status.includes(',')
              ? [statuses[0] as Choice, [query.status, query.status], ...statuses.slice(1)]
              : statuses
          }
        />
        <DayRangeFilter from={query.from} to={query.to} zone="IST" />
        <input type="hidden" name="callback" value={query.callback} />
      </FilterForm>
      <PagedList list={list} what="orders" page={(data) => orderPage(data)} empty="No orders match.">
        {(orders) => <OrderTable orders={orders} caption="Orders, newest first" />}
      </PagedList>
    </>
  );
}
