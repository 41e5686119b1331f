/**
 * An order's callbacks as the operator API and the merchant portal both show them, and the answer
 * to a resend: the two callers differ in who may see the order, not in what they are told.
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError, notFound } from '../errors.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { listAttemptsForOrder } from './callback-attempt-store.js';
import type { OutboxRow } from './outbox.js';
import { listOutboxForOrder } from './outbox-store.js';
import type { ResendResult } from './resend-callback.js';

/** The order's notify state, its outbox rows and their delivery attempts. */
export async function orderCallbacks(db: Queryable, order: Order) {
  const [outbox, attempts] = await Promise.all([
    listOutboxForOrder(db, order.payment_uid),
    listAttemptsForOrder(db, order.payment_uid),
  ]);
  return {
    payment_uid: order.payment_uid,
    notify_url: order.notify_url,
    notify_status: order.notify_status,
    notify_fail_reason: order.notify_fail_reason,
    outbox,
    attempts,
  };
}

/** The outbox row a resend queued, or the API's error for an order it could not resend. */
export function resentRow(result: ResendResult): OutboxRow {
  if (result.kind === 'no_order') throw notFound('payment_uid: no such order');
  if (result.kind === 'no_notify_url') {
    throw new AppError(ERROR_CODES.noNotifyUrl, 'notify_url: the order has none, so no callback is sent');
  }
  return result.row;
}
