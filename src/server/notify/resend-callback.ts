/**
 * The operator's resend: a fresh outbox row for the order's current state, due at once. Works on
 * final orders too. Older pending rows of the order become superseded when next claimed.
 */
import { lockOrder, setNotifyStatus } from '../orders/order-store.js';
import type { Queryable } from '../store/db.js';
import type { OutboxRow } from './outbox.js';
import { enqueueCallback } from './outbox-store.js';

export type ResendResult =
  | { readonly kind: 'queued'; readonly row: OutboxRow; readonly notifyStatusBefore: string }
  | { readonly kind: 'no_order' }
  | { readonly kind: 'no_notify_url' };

export async function resendCallback(tx: Queryable, paymentUid: string, now: Date): Promise<ResendResult> {
  // Locked, so the row's status_seq is the latest and a concurrent change enqueues after it.
  const order = await lockOrder(tx, paymentUid);
  if (!order) return { kind: 'no_order' };
  const row = await enqueueCallback(tx, order, now);
  if (!row) return { kind: 'no_notify_url' };
  // The row just queued is the order's newest, the order being locked.
  await setNotifyStatus(tx, order.payment_uid, 'delivered', '');
  return { kind: 'queued', row, notifyStatusBefore: order.notify_status };
}
