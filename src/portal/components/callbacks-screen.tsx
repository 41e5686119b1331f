import { useState } from 'preact/hooks';
import { LoadState } from '../../console/components/load-state.js';
import { DoneNotice, ErrorText } from '../../console/components/notices.js';
import { StatusBadge } from '../../console/components/status-badge.js';
import { formatInr } from '../../console/lib/format-inr.js';
import { formatIst, istDay, istDayStart } from '../../console/lib/format-ist.js';
import type { TestCallback } from '../../shared/portal-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction, useResource } from '../lib/hooks.js';
import { orderHref } from '../lib/route.js';
import { Field } from './field.js';

/**
 * Callbacks that failed or are being retried, a resend of every one since a day, and (on each
 * order's screen) every attempt with its status code, answer and time.
 */
export function CallbacksScreen() {
  const { api } = useAppDeps();
  const [failing, reload] = useResource(() => api.orders({ callback: 'failing', limit: '50' }), 'failing');
  const [since, setSince] = useState(istDay(new Date(Date.now() - 86_400_000).toISOString()));
  const resend = useAction();
  const [done, setDone] = useState('');
  const resendAll = async (event: Event) => {
    event.preventDefault();
    setDone('');
    const start = istDayStart(since);
    if (!start) return;
    const result = await resend.run(() => api.resendFailed(start));
    if (result) {
      setDone(
        `${result.resent.length} callback(s) queued again${result.skipped ? `, ${result.skipped} without a notify URL left alone` : ''}.`,
      );
      reload();
    }
  };
  return (
    <>
      <h1>Callbacks</h1>
      <p>Open an order to see every attempt (status code, answer, time) and resend its callback.</p>
      <form class="card stack" onSubmit={resendAll} aria-labelledby="resend-all-title" noValidate>
        <h2 id="resend-all-title">Resend all failed</h2>
        <div class="inline-form">
          <Field
            id="resend-since"
            label="Orders created since (India day)"
            type="date"
            value={since}
            onValue={setSince}
            error={istDayStart(since) ? resend.errorFor('since') : 'Choose a day.'}
          />
          <button type="submit" class="primary" disabled={resend.busy || !istDayStart(since)}>
            {resend.busy ? 'Resending…' : 'Resend failed callbacks'}
          </button>
        </div>
        <DoneNotice message={done} />
        <ErrorText message={resend.errorBesides('since')} />
      </form>
      <TestCallbackForm />
      <h2>Failing or being retried</h2>
      <LoadState resource={failing} retry={reload} what="failing callbacks">
        {(data) =>
          data.orders.length === 0 ? (
            <p>No callback is failing.</p>
          ) : (
            <ul class="plain">
              {data.orders.map((order) => (
                <li key={order.payment_uid} class="card">
                  <a href={orderHref(order.payment_uid)}>{order.merchant_order_id}</a>{' '}
                  <StatusBadge status={order.status} /> {formatInr(order.amount)} · callback{' '}
                  {order.notify_status} · {formatIst(order.created_at)}
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </>
  );
}

/** A signed test callback to a URL (or the default notify URL), and what came back. */
function TestCallbackForm() {
  const { api } = useAppDeps();
  const action = useAction();
  const [url, setUrl] = useState('');
  const [outcome, setOutcome] = useState<TestCallback | undefined>(undefined);
  const send = async (event: Event) => {
    event.preventDefault();
    setOutcome(await action.run(() => api.testCallback(url.trim())));
  };
  return (
    <form class="card stack" onSubmit={send} aria-labelledby="test-callback-title" noValidate>
      <h2 id="test-callback-title">Test callback</h2>
      <div class="inline-form">
        <Field
          id="test-url"
          label="Send to"
          hint="Empty: your default notify URL (Settings)."
          type="url"
          value={url}
          onValue={setUrl}
          error={action.errorFor('notify_url')}
        />
        <button type="submit" class="primary" disabled={action.busy}>
          {action.busy ? 'Sending…' : 'Send test callback'}
        </button>
      </div>
      <ErrorText message={action.errorBesides('notify_url')} />
      {outcome ? (
        <div class={`notice ${outcome.acknowledged ? 'notice-good' : 'notice-bad'}`} role="status">
          <p>
            {outcome.acknowledged ? 'Acknowledged' : `Not acknowledged: ${outcome.error}`}. Answer{' '}
            {outcome.http_status ?? 'none'} in {outcome.latency_ms} ms from {outcome.notify_url}.
          </p>
          {outcome.response_snippet ? <pre class="raw-text">{outcome.response_snippet}</pre> : null}
        </div>
      ) : null}
    </form>
  );
}
