import { useState } from 'preact/hooks';
import { BackLink } from '../../console/components/back-link.js';
import { LoadState } from '../../console/components/load-state.js';
import { DoneNotice, ErrorText } from '../../console/components/notices.js';
import { StatusBadge } from '../../console/components/status-badge.js';
import { formatInr } from '../../console/lib/format-inr.js';
import { formatIst } from '../../console/lib/format-ist.js';
import { payerShown } from '../../console/lib/timeline-text.js';
import type { PortalStoryEntry } from '../../shared/portal-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction, useResource } from '../lib/hooks.js';
import { ordersHref } from '../lib/route.js';
import { AttemptsTable } from './attempts-table.js';

/** One order: its fields, its story, its callbacks with every attempt, and a resend. */
export function OrderScreen({ paymentUid }: { readonly paymentUid: string }) {
  const { api } = useAppDeps();
  const [detail, reload] = useResource(() => api.order(paymentUid), paymentUid);
  const [callbacks, reloadCallbacks] = useResource(() => api.callbacks(paymentUid), paymentUid);
  const resend = useAction();
  const [done, setDone] = useState('');
  const refresh = () => {
    reload();
    reloadCallbacks();
  };
  const resendNow = async () => {
    setDone('');
    if (await resend.run(() => api.resendCallback(paymentUid))) {
      setDone('Callback queued again.');
      refresh();
    }
  };
  return (
    <>
      <BackLink href={ordersHref()} to="Orders" />
      <LoadState resource={detail} retry={reload} what="the order" heading="Order">
        {({ order, story }) => (
          <>
            <h1>
              Order {order.merchant_order_id} <StatusBadge status={order.status} />
            </h1>
            <dl class="fields card">
              <Pair label="payment_uid" value={order.payment_uid} mono />
              <Pair label="Amount" value={formatInr(order.amount)} />
              <Pair label="Paid" value={order.final_amount ? formatInr(order.final_amount) : '—'} />
              <Pair label="UTR" value={order.utr ?? '—'} mono />
              <Pair label="Payer" value={payerShown(order.payer_name, story) || '—'} />
              <Pair label="Created" value={formatIst(order.created_at)} />
              <Pair label="Expires" value={formatIst(order.expires_at)} />
              <Pair label="Notify URL" value={order.notify_url || '—'} mono />
              {order.payment_fail_reason ? (
                <Pair label="Why it failed" value={order.payment_fail_reason} />
              ) : null}
            </dl>
            <h2>Story</h2>
            <ol class="timeline story">
              {story.map((entry, index) => (
                <li key={`${entry.kind}-${index}`} data-kind={entry.kind}>
                  <time>{formatIst(entry.at)}</time>
                  <p>{storyText(entry)}</p>
                </li>
              ))}
            </ol>
          </>
        )}
      </LoadState>
      <section aria-labelledby="callbacks-title">
        <div class="title-row">
          <h2 id="callbacks-title">Callbacks</h2>
          <button type="button" onClick={refresh}>
            Refresh
          </button>
          <button type="button" class="primary" disabled={resend.busy} onClick={() => void resendNow()}>
            {resend.busy ? 'Resending…' : 'Resend callback'}
          </button>
        </div>
        <DoneNotice message={done} />
        <ErrorText message={resend.error?.message} />
        <LoadState resource={callbacks} retry={reloadCallbacks} what="the callbacks">
          {(data) => <AttemptsTable attempts={data.attempts} />}
        </LoadState>
      </section>
    </>
  );
}

function Pair({
  label,
  value,
  mono,
}: {
  readonly label: string;
  readonly value: string;
  readonly mono?: boolean;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd class={mono ? 'mono' : undefined}>{value}</dd>
    </div>
  );
}

/** One line of the story in plain words. */
export function storyText(entry: PortalStoryEntry): string {
  switch (entry.kind) {
    case 'created':
      return `Created for ${formatInr(entry.amount)} (${entry.payterm})`;
    case 'status':
      return `Status ${entry.from ?? 'new'} → ${entry.to} (${entry.cause})`;
    case 'claim':
      return `UTR ${entry.utr} claimed by the payer`;
    case 'credit':
      return `Bank credit ${formatInr(entry.amount)}, UTR ${entry.utr}${entry.payer_name ? ` from ${entry.payer_name}` : ''}`;
    case 'ledger':
      return `Balance: ${entry.entries.map((line) => `${line.account} ${formatInr(line.amount)}`).join(', ')} (${entry.event})`;
    case 'callback':
      return `Callback ${entry.payment_status}: ${entry.state}, ${entry.attempts} attempt(s)${entry.last_error ? `, ${entry.last_error}` : ''}`;
    case 'attempt':
      return `Callback attempt ${entry.attempt} (${entry.payment_status}): ${entry.http_status ?? entry.error} in ${entry.latency_ms} ms`;
  }
}
