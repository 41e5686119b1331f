import type { ListedCredit } from '../../shared/credit-views.js';
import { creditAmount } from '../lib/credit-amount.js';
import { formatIst } from '../lib/format-ist.js';
import { orderHref } from '../lib/route.js';
import { type Column, DataTable } from './data-table.js';

const COLUMNS: readonly Column<ListedCredit>[] = [
  { header: 'Received (IST)', cell: (credit) => formatIst(credit.created_at) },
  { header: 'UTR', cellClass: 'mono', cell: (credit) => credit.utr },
  { header: 'Amount', class: 'num', cell: (credit) => creditAmount(credit.amount) },
  { header: 'Payer', cell: (credit) => credit.payer_name || '—' },
  { header: 'Payee account', cell: (credit) => credit.payee || '—' },
  { header: 'Source', cell: (credit) => credit.source },
  {
    header: 'Order or reason',
    cell: (credit) => (
      <>
        {credit.payment_uid ? (
          <a class="mono" href={orderHref(credit.payment_uid)}>
            {credit.payment_uid}
          </a>
        ) : null}
        {credit.payment_uid && credit.reason ? ': ' : null}
        {credit.reason || (credit.payment_uid ? null : 'no claim yet')}
      </>
    ),
  },
];

/**
 * Credits as the credit list shows them, with a Match button on those no order holds when
 * `onMatch` is given. On a phone every row reads as a card.
 */
export function CreditTable({
  credits,
  onMatch,
  caption = 'Credits',
}: {
  readonly credits: readonly ListedCredit[];
  readonly onMatch: ((credit: ListedCredit) => void) | undefined;
  readonly caption?: string;
}) {
  const match: Column<ListedCredit> | false = onMatch
    ? {
        header: 'Action',
        cell: (credit) =>
          credit.payment_uid ? null : (
            <button type="button" onClick={() => onMatch(credit)}>
              Match {credit.utr}
            </button>
          ),
      }
    : false;
  return (
    <DataTable
      rows={credits}
      columns={[...COLUMNS, match]}
      rowKey={(credit) => credit.id}
      caption={caption}
      cards
    />
  );
}
