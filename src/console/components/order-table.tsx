import type { OrderListRow } from '../../shared/console-views.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { orderHref } from '../lib/route.js';
import { payerOrCredit } from '../lib/timeline-text.js';
import { StatusBadge } from './status-badge.js';

/**
 * Orders as the order search lists them, newest first; a collection created without the payer's
 * name shows the name on its bank credit. Each cell names its column (`data-label`),
 * so that on a phone every row reads as a card (console.css, `.cards`).
 */
export function OrderTable({
  orders,
  caption,
}: {
  readonly orders: readonly OrderListRow[];
  readonly caption: string;
}) {
  return (
    <div class="table-wrap">
      <table class="cards">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Created (IST)</th>
            <th scope="col">Order</th>
            <th scope="col">Merchant</th>
            <th scope="col">Kind</th>
            <th scope="col" class="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Payer / payee</th>
            <th scope="col">UTR</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.payment_uid}>
              <td data-label="Created (IST)">{formatIst(order.created_at)}</td>
              <td data-label="Order">
                <a href={orderHref(order.payment_uid)}>{order.merchant_order_id}</a>
                <div class="muted mono">{order.payment_uid}</div>
              </td>
              <td data-label="Merchant">{order.merchant_name}</td>
              <td data-label="Kind">{order.kind === 'income' ? 'Collection' : 'Payout'}</td>
              <td data-label="Amount" class="num">
                {formatInr(order.amount)}
              </td>
              <td data-label="Status">
                <StatusBadge status={order.status} />
              </td>
              <td data-label="Payer / payee">
                {(order.kind === 'income'
                  ? payerOrCredit(order.payer_name, order.credit_payer_name)
                  : order.payee_name) || '—'}
              </td>
              <td data-label="UTR" class="mono">
                {order.utr ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
