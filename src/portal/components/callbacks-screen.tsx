import { useState } from 'preact/hooks';
import { LoadState } from '../../console/components/load-state.js';
import { StatusBadge } from '../../console/components/status-badge.js';
import { formatInr } from '../../console/lib/format-inr.js';
import { formatIst, istDay, istDayStart } from '../../console/lib/format-ist.js';
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
        {done ? (
          <p class="notice notice-good" role="status">
            {done}
          </p>
        ) : null}
        {resend.error && resend.error.field !== 'since' ? (
          <p class="error" role="alert">
            {resend.error.message}
          </p>
        ) : null}
      </form>
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
