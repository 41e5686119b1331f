import type { ListedCredit } from '../../shared/credit-views.js';
import { creditAmount } from '../lib/credit-amount.js';
import { formatIst } from '../lib/format-ist.js';
import { orderHref } from '../lib/route.js';

/**
 * Credits as the credit list shows them, with a Match button on those no order holds when
 * `onMatch` is given. Each cell names its column, so that on a phone every row reads as a card.
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
  return (
    <div class="table-wrap">
      <table class="cards">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Received (IST)</th>
            <th scope="col">UTR</th>
            <th scope="col" class="num">
              Amount
            </th>
            <th scope="col">Payer</th>
            <th scope="col">Payee account</th>
            <th scope="col">Source</th>
            <th scope="col">Order or reason</th>
            {onMatch ? <th scope="col">Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {credits.map((credit) => (
            <tr key={credit.id}>
              <td data-label="Received (IST)">{formatIst(credit.created_at)}</td>
              <td data-label="UTR" class="mono">
                {credit.utr}
              </td>
              <td data-label="Amount" class="num">
                {creditAmount(credit.amount)}
              </td>
              <td data-label="Payer">{credit.payer_name || '—'}</td>
              <td data-label="Payee account">{credit.payee || '—'}</td>
              <td data-label="Source">{credit.source}</td>
              <td data-label="Order or reason">
                {credit.payment_uid ? (
                  <a class="mono" href={orderHref(credit.payment_uid)}>
                    {credit.payment_uid}
                  </a>
                ) : null}
                {credit.payment_uid && credit.reason ? ': ' : null}
                {credit.reason || (credit.payment_uid ? null : 'no claim yet')}
              </td>
              {onMatch ? (
                <td data-label="Action">
                  {credit.payment_uid ? null : (
                    <button type="button" onClick={() => onMatch(credit)}>
                      Match {credit.utr}
                    </button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
