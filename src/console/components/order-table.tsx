import type { OrderListRow } from '../../shared/console-views.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { orderHref } from '../lib/route.js';
import { payerOrCredit } from '../lib/timeline-text.js';
import { type Column, DataTable } from './data-table.js';
import { StatusBadge } from './status-badge.js';

const COLUMNS: readonly Column<OrderListRow>[] = [
  { header: 'Created (IST)', cell: (order) => formatIst(order.created_at) },
  {
    header: 'Order',
    cell: (order) => (
      <>
        <a href={orderHref(order.payment_uid)}>{order.merchant_order_id}</a>
        <div class="muted mono">{order.payment_uid}</div>
      </>
    ),
  },
  { header: 'Merchant', cell: (order) => order.merchant_name },
  { header: 'Kind', cell: (order) => (order.kind === 'income' ? 'Collection' : 'Payout') },
  { header: 'Amount', class: 'num', cell: (order) => formatInr(order.amount) },
  { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  {
    header: 'Payer / payee',
    cell: (order) =>
      (order.kind === 'income'
        ? payerOrCredit(order.payer_name, order.credit_payer_name)
        : order.payee_name) || '—',
  },
  { header: 'UTR', cellClass: 'mono', cell: (order) => order.utr ?? '' },
];

/**
 * Orders as the order search lists them, newest first; a collection created without the payer's
 * name shows the name on its bank credit. On a phone every row reads as a card.
 */
export function OrderTable({
  orders,
  caption,
}: {
  readonly orders: readonly OrderListRow[];
  readonly caption: string;
}) {
  return (
    <DataTable
      rows={orders}
      columns={COLUMNS}
      rowKey={(order) => order.payment_uid}
      caption={caption}
      cards
    />
  );
}
