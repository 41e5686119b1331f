import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { PayoutBatchDetail, PayoutBatchLine } from '../../shared/payout-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { useSession } from '../hooks/use-session.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { orderHref, payoutsHref } from '../lib/route.js';
import { BackLink } from './back-link.js';
import { type Column, DataTable, linkColumn } from './data-table.js';
import { FieldList } from './field-list.js';
import { LoadState } from './load-state.js';
import { ErrorText } from './notices.js';
import { StatusBadge } from './status-badge.js';

/**
 * One payout batch: its lines and their outcomes, and the next step for it. A prepared batch is
 * approved by another operator than its preparer; an approved one is downloaded in a bank's
 * layout and marked uploaded once the file is in the bank's portal.
 */
export function PayoutBatchScreen({ batchId }: { readonly batchId: string }) {
  const { api } = useAppDeps();
  const [batch, reload] = useResource(() => api.payoutBatch(batchId), `payout-batch:${batchId}`);
  return (
    <>
      <BackLink href={payoutsHref} to="Payouts" />
      <h1>
        Payout batch <span class="mono">{batchId}</span>
      </h1>
      <LoadState resource={batch} retry={reload} what="the batch">
        {(data) => (
          <>
            <BatchFacts batch={data} />
            <NextStep batch={data} onDone={reload} />
            <BatchLines batch={data} />
          </>
        )}
      </LoadState>
    </>
  );
}

function BatchFacts({ batch }: { readonly batch: PayoutBatchDetail }) {
  const rows: [string, ComponentChildren][] = [
    ['State', <StatusBadge key="state" status={batch.state} />],
    ['Debit account', <span key="account" class="mono">{`${batch.account} (${batch.ifsc})`}</span>],
    ['Mode', batch.mode],
    ['Lines', `${batch.line_count}, ${formatInr(batch.total)}`],
    ['Prepared', `${formatIst(batch.prepared_at)} by ${batch.prepared_by}`],
    ['Approved', batch.approved_at ? `${formatIst(batch.approved_at)} by ${batch.approved_by}` : '—'],
    ['Uploaded', batch.uploaded_at ? `${formatIst(batch.uploaded_at)} by ${batch.uploaded_by}` : '—'],
  ];
  return <FieldList rows={rows} />;
}

function NextStep({ batch, onDone }: { readonly batch: PayoutBatchDetail; readonly onDone: () => void }) {
  const { api } = useAppDeps();
  const session = useSession();
  const action = useAction();
  const [note, setNote] = useState('');
  const [layout, setLayout] = useState('generic');
  const [options, setOptions] = useState<Record<string, string>>({});
  const chosen = batch.layouts.find((candidate) => candidate.name === layout);
  const act = async (run: () => ReturnType<typeof api.approvePayoutBatch>) => {
    if (await action.run(run)) {
      setNote('');
      onDone();
    }
  };
  const noteField = (
    <label>
      Note
      <input value={note} onInput={(event) => setNote(event.currentTarget.value)} />
    </label>
  );
  const error = <ErrorText message={action.error} />;
  if (batch.state === 'prepared') {
    const own = batch.prepared_by === session.operator;
    return (
      <section class="card" aria-labelledby="next-title">
        <h2 id="next-title">Approve</h2>
        <p>
          {own
            ? 'You prepared this batch: another operator must approve it.'
            : `Check the lines below against the merchants' payouts, then approve the batch ${batch.prepared_by} prepared.`}
        </p>
        <div class="filters">
          {noteField}
          <button
            type="button"
            class="primary"
            disabled={action.busy || own}
            onClick={() => void act(() => api.approvePayoutBatch(batch.batch_id, note))}
          >
            Approve batch
          </button>
        </div>
        {error}
      </section>
    );
  }
  return (
    <section class="card" aria-labelledby="next-title">
      <h2 id="next-title">
        {batch.state === 'approved' ? 'Download, upload to the bank, mark uploaded' : 'File'}
      </h2>
      <div class="filters">
        <label>
          Layout
          <select value={layout} onChange={(event) => setLayout(event.currentTarget.value)}>
            {batch.layouts.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.title}
              </option>
            ))}
          </select>
        </label>
        {Object.entries(chosen?.options ?? {}).map(([name, help]) => (
          <label key={`${layout}-${name}`} title={help}>
            {name.replace('_', ' ')}
            <input
              value={options[name] ?? ''}
              onInput={(event) => setOptions({ ...options, [name]: event.currentTarget.value })}
            />
          </label>
        ))}
        <a
          class="button"
          href={api.payoutBatchFileUrl(batch.batch_id, {
            layout,
            ...Object.fromEntries(
              Object.keys(chosen?.options ?? {}).map((name) => [name, options[name] ?? '']),
            ),
          })}
          download
        >
          Download file
        </a>
      </div>
      {batch.state === 'approved' ? (
        <div class="filters">
          {noteField}
          <button
            type="button"
            class="primary"
            disabled={action.busy}
            onClick={() => void act(() => api.markPayoutBatchUploaded(batch.batch_id, note))}
          >
            Mark uploaded
          </button>
        </div>
      ) : null}
      {error}
    </section>
  );
}

const LINE_COLUMNS: readonly Column<PayoutBatchLine>[] = [
  { header: '#', cellClass: 'num', cell: (line) => line.line },
  linkColumn(
    'Reference',
    (line) => orderHref(line.payment_uid),
    (line) => line.reference,
  ),
  { header: 'Beneficiary', cell: (line) => line.beneficiary_name },
  {
    header: 'Account, IFSC',
    cellClass: 'mono',
    cell: (line) => (
      <>
        {line.beneficiary_account}, {line.ifsc}
      </>
    ),
  },
  { header: 'Amount', cellClass: 'num', cell: (line) => formatInr(line.amount) },
  {
    header: 'Outcome',
    cell: (line) => (
      <>
        <StatusBadge status={line.payment_status} />
        {line.payment_fail_reason ? ` ${line.payment_fail_reason}` : ''}
        {line.reversed_at ? ` reversed ${formatIst(line.reversed_at)}` : ''}
      </>
    ),
  },
  { header: 'UTR', cellClass: 'mono', cell: (line) => line.utr || '—' },
];

function BatchLines({ batch }: { readonly batch: PayoutBatchDetail }) {
  return (
    <section class="card" aria-labelledby="lines-title">
      <h2 id="lines-title">Lines</h2>
      <DataTable rows={batch.lines} columns={LINE_COLUMNS} rowKey={(line) => line.payment_uid} />
    </section>
  );
}
