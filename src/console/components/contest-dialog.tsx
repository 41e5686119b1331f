import type { ContestedCase } from '../../shared/contested-views.js';
import { useAppDeps } from '../app-deps.js';
import { useNotedChoice } from '../hooks/use-noted-choice.js';
import { useResource } from '../hooks/use-resource.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { orderHref } from '../lib/route.js';
import { LoadState } from './load-state.js';
import { ModalDialog } from './modal-dialog.js';
import { type DialogEnds, NoteActions } from './note-actions.js';

export interface ContestDialogProps extends DialogEnds {
  readonly utr: string;
}

/**
 * Resolves a contested UTR (docs/money-controls.md, Contested claims): every claim side by side,
 * with its time and client address; the operator picks the order that keeps the UTR and says why.
 */
export function ContestDialog({ utr, onDone, onCancel }: ContestDialogProps) {
  const { api } = useAppDeps();
  const [cases, reload] = useResource(() => api.contestedClaims(), 'contested');
  return (
    <ModalDialog titleId="contest-title" wide onCancel={onCancel}>
      <h2 id="contest-title">Contested UTR {utr}</h2>
      <LoadState resource={cases} retry={reload} what="the claims">
        {(data) => {
          const found = data.find((each) => each.utr === utr);
          return found ? (
            <ResolveForm contest={found} onDone={onDone} onCancel={onCancel} />
          ) : (
            <p class="muted" role="status">
              This UTR is no longer contested.
            </p>
          );
        }}
      </LoadState>
    </ModalDialog>
  );
}

function ResolveForm({ contest, onDone, onCancel }: DialogEnds & { readonly contest: ContestedCase }) {
  const { api } = useAppDeps();
  const pick = useNotedChoice('Pick the order that keeps the UTR.');
  const { credit } = contest;
  const submit = async (event: Event) => {
    event.preventDefault();
    const done = await pick.submit((chosen, note) => api.resolveContested(contest.utr, chosen, note));
    if (done) onDone(`UTR ${contest.utr} resolved for ${pick.chosen} (${done.outcome}).`);
  };
  return (
    <form class="stack" onSubmit={submit}>
      <p>
        {credit
          ? `Credit ${credit.credit_id}: ${formatInr(credit.amount)} to ${credit.payee || 'no named account'}, received ${formatIst(credit.created_at)}${credit.payment_uid ? `, completed ${credit.payment_uid}` : ', waiting'}.`
          : 'No bank credit with this UTR yet.'}
      </p>
      <div class="table-wrap">
        <table>
          <caption class="muted">Claims side by side, first claim first</caption>
          <thead>
            <tr>
              <th scope="col">Keeps the UTR</th>
              <th scope="col">Order</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Claimed</th>
              <th scope="col">Client address</th>
            </tr>
          </thead>
          <tbody>
            {contest.claims.map((claim) => (
              <tr key={`${claim.payment_uid}:${claim.state}`}>
                <td>
                  {claim.state === 'holding' ? (
                    <input
                      type="radio"
                      name="winner"
                      aria-label={`Keep for ${claim.merchant_order_id}`}
                      checked={pick.chosen === claim.payment_uid}
                      onChange={() => pick.setChosen(claim.payment_uid)}
                    />
                  ) : (
                    <span class="muted">refused</span>
                  )}
                </td>
                <td>
                  <a class="mono" href={orderHref(claim.payment_uid)}>
                    {claim.merchant_order_id}
                  </a>
                </td>
                <td>{formatInr(claim.amount)}</td>
                <td>{claim.payment_status}</td>
                <td>{formatIst(claim.claimed_at)}</td>
                <td class="mono">{claim.client_ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <NoteActions id="contest-note" {...pick.noteActions} submitLabel="Resolve" onCancel={onCancel} />
    </form>
  );
}
