import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { merchantHref, orderHref, payoutBatchHref } from '../lib/route.js';
import { LoadState } from './load-state.js';
import { StatusBadge } from './status-badge.js';

const REASONS: Readonly<Record<string, string>> = {
  no_debit: 'Uploaded, no debit on a statement yet',
  reversed: 'Reversed after it completed',
};

/**
 * Payouts by bank file (docs/payouts.md): the payouts that need a look, what waits for a batch
 * per collection account (with the form that prepares one), and the batches so far.
 */
export function PayoutsScreen() {
  const { api } = useAppDeps();
  const [list, reload] = useResource(() => api.payoutBatches(), 'payout-batches');
  const [attention, reloadAttention] = useResource(() => api.payoutsAttention(), 'payouts-attention');
  const action = useAction();
  const prepare = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const result = await action.run(() =>
      api.preparePayoutBatch({
        account: String(form.get('account')),
        ifsc: String(form.get('ifsc')),
        mode: String(form.get('mode')),
        note: String(form.get('note') ?? '').trim(),
      }),
    );
    if (result) window.location.hash = payoutBatchHref(result.batch.batch_id);
  };
  return (
    <>
      <h1>Payouts</h1>
      <section class="card" aria-labelledby="attention-title">
        <h2 id="attention-title">Needs attention</h2>
        <LoadState resource={attention} retry={reloadAttention} what="the payouts needing attention">
          {(rows) =>
            rows.length === 0 ? (
              <p class="muted">Nothing late, nothing reversed.</p>
            ) : (
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Payout</th>
                      <th scope="col">Merchant</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Why</th>
                      <th scope="col">Since (IST)</th>
                      <th scope="col">Batch</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={`${row.payment_uid}-${row.reason}`}>
                        <td>
                          <a href={orderHref(row.payment_uid)} class="mono">
                            {row.reference}
                          </a>
                        </td>
                        <td>
                          <a href={merchantHref(row.merchant_uid)}>{row.merchant_order_id}</a>
                        </td>
                        <td class="num">{formatInr(row.amount)}</td>
                        <td title={row.detail}>{REASONS[row.reason] ?? row.reason}</td>
                        <td>{formatIst(row.since)}</td>
                        <td>
                          {row.batch_id ? <a href={payoutBatchHref(row.batch_id)}>{row.batch_id}</a> : '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </LoadState>
      </section>
      <LoadState resource={list} retry={reload} what="the payout batches">
        {(data) => (
          <>
            <section class="card" aria-labelledby="waiting-title">
              <h2 id="waiting-title">Waiting for a batch</h2>
              {data.waiting.length === 0 ? (
                <p class="muted">No bank-file payout waits for a batch.</p>
              ) : (
                data.waiting.map((account) => (
                  <form
                    key={`${account.account}-${account.ifsc}`}
                    class="filters"
                    onSubmit={(event) => void prepare(event)}
                    aria-label={`Prepare a batch for account ${account.account}`}
                  >
                    <p>
                      <strong class="mono">
                        {account.account} ({account.ifsc})
                      </strong>
                      : {account.count} payouts, {formatInr(account.total)}, oldest{' '}
                      {formatIst(account.oldest_at)}
                    </p>
                    <input type="hidden" name="account" value={account.account} />
                    <input type="hidden" name="ifsc" value={account.ifsc} />
                    <label>
                      Mode
                      <select name="mode">
                        <option value="IMPS">IMPS</option>
                        <option value="NEFT">NEFT</option>
                      </select>
                    </label>
                    <label>
                      Note
                      <input name="note" />
                    </label>
                    <button type="submit" class="primary" disabled={action.busy}>
                      Prepare batch
                    </button>
                  </form>
                ))
              )}
              {action.error ? (
                <p class="error" role="alert">
                  {action.error}
                </p>
              ) : null}
            </section>
            <section class="card" aria-labelledby="batches-title">
              <h2 id="batches-title">Batches</h2>
              {data.batches.length === 0 ? (
                <p class="muted">No batch prepared yet.</p>
              ) : (
                <div class="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Batch</th>
                        <th scope="col">Account</th>
                        <th scope="col">Mode</th>
                        <th scope="col">State</th>
                        <th scope="col">Lines</th>
                        <th scope="col">Total</th>
                        <th scope="col">Prepared (IST)</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.batches.map((batch) => (
                        <tr key={batch.batch_id}>
                          <td>
                            <a href={payoutBatchHref(batch.batch_id)} class="mono">
                              {batch.batch_id}
                            </a>
                          </td>
                          <td class="mono">{batch.account}</td>
                          <td>{batch.mode}</td>
                          <td>
                            <StatusBadge status={batch.state} />
                          </td>
                          <td class="num">{batch.line_count}</td>
                          <td class="num">{formatInr(batch.total)}</td>
                          <td>
                            {formatIst(batch.prepared_at)} by {batch.prepared_by}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        )}
      </LoadState>
    </>
  );
}
