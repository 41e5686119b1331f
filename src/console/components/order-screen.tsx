import { useState } from 'preact/hooks';
import type { TimelineEntry } from '../../shared/console-views.js';
import type { OrderDetail } from '../../shared/order-view-schemas.js';
import { useAppDeps } from '../app-deps.js';
import { useConfirmed } from '../hooks/use-confirmed.js';
import { useResource } from '../hooks/use-resource.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { type OrderAction, orderActions } from '../lib/order-actions.js';
import { merchantHref } from '../lib/route.js';
import { payerShown } from '../lib/timeline-text.js';
import { BackLink } from './back-link.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { FieldList } from './field-list.js';
import { LoadState } from './load-state.js';
import { DoneNotice } from './notices.js';
import { OrderTimeline } from './order-timeline.js';
import { StatusBadge } from './status-badge.js';

/** One order: its fields, the actions its state allows, and its whole timeline. */
export function OrderScreen({ paymentUid }: { readonly paymentUid: string }) {
  const { api } = useAppDeps();
  const [order, reloadOrder] = useResource(() => api.order(paymentUid), `order:${paymentUid}`);
  const [timeline, reloadTimeline] = useResource(() => api.timeline(paymentUid), `timeline:${paymentUid}`);
  const confirmed = useConfirmed<OrderAction>();
  const pending = confirmed.asked;
  const [done, setDone] = useState('');
  const reload = () => {
    reloadOrder();
    reloadTimeline();
  };
  const confirm = (note: string) =>
    confirmed.confirm(
      (what) =>
        what.kind === 'resend'
          ? api.resendCallback(paymentUid, note)
          : api.setStatus(paymentUid, what.status, note),
      (what) => {
        setDone(what.kind === 'resend' ? 'Callback queued again.' : `Status set to ${what.status}.`);
        reload();
      },
    );
  return (
    <>
      <BackLink href="#/orders" to="Orders" />
      <LoadState resource={order} retry={reloadOrder} what="the order" heading="Order">
        {(data) => (
          <>
            <div class="title-row">
              <h1>
                Order {data.merchant_order_id} <StatusBadge status={data.payment_status} />
              </h1>
              <button type="button" onClick={reload}>
                Refresh
              </button>
            </div>
            <OrderFields order={data} story={timeline.state === 'ready' ? timeline.data : []} />
            <DoneNotice message={done} />
            <div class="row actions">
              {orderActions(data).map((item) => (
                <button
                  type="button"
                  key={item.label}
                  onClick={() => {
                    setDone('');
                    confirmed.ask(item);
                  }}
                >
                  {item.label}
                </button>
              ))}
            </div>
          </>
        )}
      </LoadState>
      <section>
        <h2>Timeline</h2>
        <LoadState resource={timeline} retry={reloadTimeline} what="the timeline">
          {(entries) => <OrderTimeline entries={entries} />}
        </LoadState>
      </section>
      {pending ? (
        <ConfirmDialog
          title={pending.label}
          message={
            pending.kind === 'resend'
              ? 'Send the callback for the current status to the merchant again?'
              : `Set this order to ${pending.status}? This cannot be undone.`
          }
          confirmLabel={pending.label}
          noteOptional={pending.kind === 'status' && !pending.reasonRequired}
          {...confirmed.dialog}
          onConfirm={(note) => void confirm(note)}
        />
      ) : null}
    </>
  );
}

/** The order's fields; the payer from its bank credit when the order was created without one. */
function OrderFields({
  order,
  story,
}: {
  readonly order: OrderDetail;
  readonly story: readonly TimelineEntry[];
}) {
  const rows: [string, preact.ComponentChildren][] = [
    ['payment_uid', <span class="mono">{order.payment_uid}</span>],
    ['Merchant', <a href={merchantHref(order.merchant_uid)}>{order.merchant_name || order.merchant_uid}</a>],
    [
      'Kind',
      `${order.transaction_type === 'income' ? 'Collection' : 'Payout'}${order.payterm ? ` (${order.payterm})` : ''}`,
    ],
    ['Amount', formatInr(order.amount)],
    ['Final amount', order.final_amount ? formatInr(order.final_amount) : '—'],
    [
      order.transaction_type === 'income' ? 'Payer' : 'Payee',
      (order.transaction_type === 'income' ? payerShown(order.from_name, story) : order.to_name) || '—',
    ],
    ['UTR', order.serial_number || '—'],
    ['Fail reason', order.payment_fail_reason || '—'],
    [
      'Callback',
      `${order.notify_status ?? '—'}${order.notify_url ? ` → ${order.notify_url}` : ' (no notify_url)'}`,
    ],
    ['Created', formatIst(order.created_at)],
  ];
  return <FieldList rows={rows} />;
}
