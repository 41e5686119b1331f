/**
 * Operator endpoints for callbacks (docs/decisions/0002-open-points.md, Callbacks: outbox and
 * retries; Operator API), mounted under the operator API: an
 * order's outbox rows and attempt log, a resend, and recent rows for watching delivery.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError, notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { findOrder } from '../orders/order-store.js';
import { ORDER_CALLBACKS, RECENT_CALLBACKS, RESEND_CALLBACK } from './callback-api.js';
import { listAttemptsForOrder } from './callback-attempt-store.js';
import { resendCallback } from './commands/resend-callback.js';
import { listOutboxForOrder, listRecentOutbox } from './outbox-store.js';

export function callbackRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db } = deps;

  ORDER_CALLBACKS.register(app, async (c) => {
    const order = await findOrder(db, c.req.valid('param').payment_uid);
    if (!order) throw notFound('payment_uid: no such order');
    const [outbox, attempts] = await Promise.all([
      listOutboxForOrder(db, order.payment_uid),
      listAttemptsForOrder(db, order.payment_uid),
    ]);
    return success(c, {
      payment_uid: order.payment_uid,
      notify_url: order.notify_url,
      notify_status: order.notify_status,
      notify_fail_reason: order.notify_fail_reason,
      outbox,
      attempts,
    });
  });

  RESEND_CALLBACK.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const result = await resendCallback(deps, {
      paymentUid: c.req.valid('param').payment_uid,
      note,
      actor: c.var.operatorName,
    });
    if (result.kind === 'no_order') throw notFound('payment_uid: no such order');
    if (result.kind === 'no_notify_url') {
      throw new AppError(ERROR_CODES.noNotifyUrl, 'notify_url: the order has none, so no callback is sent');
    }
    return success(c, result.row);
  });

  RECENT_CALLBACKS.register(app, async (c) => {
    const { state, limit } = c.req.valid('query');
    const rows = await listRecentOutbox(db, state, limit);
    return success(c, rows);
  });

  return app;
}
