import type { PayoutAttention, PayoutBatchView } from '../../shared/payout-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { merchantHref, orderHref, payoutBatchHref } from '../lib/route.js';
import { type Column, DataTable, linkColumn } from './data-table.js';
import { LoadedList, LoadState } from './load-state.js';
import { ErrorText } from './notices.js';
import { StatusBadge } from './status-badge.js';

const REASONS: Readonly<Record<string, string>> = {
  no_debit: 'Uploaded, no debit on a statement yet',
  reversed: 'Reversed after it completed',
};

const ATTENTION_COLUMNS: readonly Column<PayoutAttention>[] = [
  linkColumn(
    'Payout',
    (row) => orderHref(row.payment_uid),
    (row) => row.reference,
  ),
  { header: 'Merchant', cell: (row) => <a href={merchantHref(row.merchant_uid)}>{row.merchant_order_id}</a> },
  { header: 'Amount', cellClass: 'num', cell: (row) => formatInr(row.amount) },
  { header: 'Why', title: (row) => row.detail, cell: (row) => REASONS[row.reason] ?? row.reason },
  { header: 'Since (IST)', cell: (row) => formatIst(row.since) },
  {
    header: 'Batch',
    cell: (row) => (row.batch_id ? <a href={payoutBatchHref(row.batch_id)}>{row.batch_id}</a> : '—'),
  },
];

const BATCH_COLUMNS: readonly Column<PayoutBatchView>[] = [
  linkColumn(
    'Batch',
    (batch) => payoutBatchHref(batch.batch_id),
    (batch) => batch.batch_id,
  ),
  { header: 'Account', cellClass: 'mono', cell: (batch) => batch.account },
  { header: 'Mode', cell: (batch) => batch.mode },
  { header: 'State', cell: (batch) => <StatusBadge status={batch.state} /> },
  { header: 'Lines', cellClass: 'num', cell: (batch) => batch.line_count },
  { header: 'Total', cellClass: 'num', cell: (batch) => formatInr(batch.total) },
  {
    header: 'Prepared (IST)',
    cell: (batch) => (
      <>
        {formatIst(batch.prepared_at)} by {batch.prepared_by}
      </>
    ),
  },
];

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
        <LoadedList
          resource={attention}
          retry={reloadAttention}
          what="the payouts needing attention"
          empty="Nothing late, nothing reversed."
        >
          {(rows) => (
            <DataTable
              rows={rows}
              columns={ATTENTION_COLUMNS}
              rowKey={(row) => `${row.payment_uid}-${row.reason}`}
            />
          )}
        </LoadedList>
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
              <ErrorText message={action.error} />
            </section>
            <section class="card" aria-labelledby="batches-title">
              <h2 id="batches-title">Batches</h2>
              {data.batches.length === 0 ? (
                <p class="muted">No batch prepared yet.</p>
              ) : (
                <DataTable rows={data.batches} columns={BATCH_COLUMNS} rowKey={(batch) => batch.batch_id} />
              )}
            </section>
          </>
        )}
      </LoadState>
    </>
  );
}
