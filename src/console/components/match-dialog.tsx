import { useEffect, useRef, useState } from 'preact/hooks';
import type { OrderListRow } from '../../shared/console-views.js';
import type { ListedCredit } from '../../shared/credit-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useNotedChoice } from '../hooks/use-noted-choice.js';
import { creditAmount, creditRupees } from '../lib/credit-amount.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { ModalDialog } from './modal-dialog.js';
import { type DialogEnds, NoteActions } from './note-actions.js';
import { ErrorText } from './notices.js';

/** What the dialog shows of the credit: a listed credit, or one the Needs attention queue names. */
export type MatchableCredit = Pick<ListedCredit, 'id' | 'utr' | 'payer_name' | 'created_at'> & {
  readonly amount: number | string;
  /** The merchant whose collection account received it, when known. */
  readonly merchant_uid?: string | null;
};

export interface MatchDialogProps extends DialogEnds {
  readonly credit: MatchableCredit;
}

/**
 * Matches a credit to an order by hand: search inside the dialog, pick the order, say why. Escape
 * or Cancel closes it and gives the focus back to the button that opened it.
 */
export function MatchDialog({ credit, onDone, onCancel }: MatchDialogProps) {
  const { api } = useAppDeps();
  const [query, setQuery] = useState(credit.payer_name ?? '');
  const [found, setFound] = useState<readonly OrderListRow[] | undefined>(undefined);
  const [proposed, setProposed] = useState(true);
  const pick = useNotedChoice('Pick the order this credit pays.');
  const search = useAction();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  useEffect(() => {
    // Candidates before any search: open collections of the same amount paid into the same
    // merchant's account, newest first.
    void api
      .searchOrders({
        q: creditRupees(credit.amount),
        kind: 'income',
        status: 'pending,processing',
        ...(credit.merchant_uid ? { merchant_uid: credit.merchant_uid } : {}),
        limit: '10',
      })
      .then((result) => {
        if (result.kind === 'ok') setFound((shown) => shown ?? result.data.orders);
      });
  }, [api, credit]);
  const find = async (event: Event) => {
    event.preventDefault();
    const page = await search.run(() => api.searchOrders({ q: query.trim(), limit: '10' }));
    if (page) {
      setProposed(false);
      setFound(page.orders);
    }
  };
  const confirm = async (event: Event) => {
    event.preventDefault();
    const done = await pick.submit((chosen, note) => api.matchCredit(credit.id, chosen, note));
    if (done) onDone(`Credit ${credit.utr ?? credit.id} matched to ${pick.chosen}.`);
  };
  return (
    <ModalDialog titleId="match-title" wide onCancel={onCancel}>
      <h2 id="match-title">Match credit {credit.utr}</h2>
      <p>
        {creditAmount(credit.amount)} from {credit.payer_name || 'an unnamed payer'}, received{' '}
        {formatIst(credit.created_at)}
      </p>
      <form class="row" onSubmit={find}>
        <label for="match-search">Find the order</label>
        <input
          id="match-search"
          ref={field}
          type="search"
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <button type="submit" disabled={search.busy}>
          Search
        </button>
      </form>
      <ErrorText message={search.error} />
      <form class="stack" onSubmit={confirm}>
        {found === undefined ? null : found.length === 0 ? (
          <p class="muted" role="status">
            No orders match.
          </p>
        ) : (
          <fieldset>
            <legend>
              {proposed
                ? `Candidates: open orders of ${creditAmount(credit.amount)}${credit.merchant_uid ? ' to the same account' : ''}, newest first`
                : 'Orders'}
            </legend>
            {found.map((order) => (
              <label key={order.payment_uid} class="choice">
                <input
                  type="radio"
                  name="order"
                  value={order.payment_uid}
                  checked={pick.chosen === order.payment_uid}
                  onChange={() => pick.setChosen(order.payment_uid)}
                />{' '}
                {order.merchant_order_id} · {order.merchant_name} · {formatInr(order.amount)} · {order.status}{' '}
                · {order.payer_name || '—'} · created {formatIst(order.created_at)} ·{' '}
                {claimedUtrs(order.claimed_utrs)}
              </label>
            ))}
          </fieldset>
        )}
        <NoteActions id="match-note" {...pick.noteActions} submitLabel="Match" onCancel={onCancel} />
      </form>
    </ModalDialog>
  );
}

/** The UTRs payers claimed for a candidate: a credit whose UTR one of them claimed is likely its payment. */
function claimedUtrs(utrs: readonly string[]): string {
  return utrs.length === 0 ? 'no UTR claimed' : `UTR claimed ${utrs.join(', ')}`;
}
