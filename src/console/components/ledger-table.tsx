import type { LedgerLine } from '../../shared/console-views.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { type Column, DataTable } from './data-table.js';

/**
 * A merchant's ledger lines, newest first, each linked to its order: the console's merchant screen
 * and the portal's balance. `orderHref` is the page's own link to an order.
 */
export function LedgerTable({
  lines,
  caption,
  timeHeader,
  orderHref,
}: {
  readonly lines: readonly LedgerLine[];
  readonly caption: string;
  readonly timeHeader: string;
  readonly orderHref: (paymentUid: string) => string;
}) {
  const columns: readonly Column<LedgerLine>[] = [
    { header: timeHeader, cell: (line) => formatIst(line.created_at) },
    { header: 'Account', cell: (line) => line.account },
    { header: 'Event', cell: (line) => line.event },
    { header: 'Amount', class: 'num', cell: (line) => formatInr(line.amount) },
    {
      header: 'Order',
      cellClass: 'mono',
      cell: (line) => (line.payment_uid ? <a href={orderHref(line.payment_uid)}>{line.payment_uid}</a> : '—'),
    },
  ];
  return <DataTable rows={lines} columns={columns} rowKey={(line) => String(line.id)} caption={caption} />;
}
