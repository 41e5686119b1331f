/**
 * Operator endpoints for callbacks (docs/decisions/0002-open-points.md, Callbacks: outbox and
 * retries; Operator API), mounted under the operator API: an
 * order's outbox rows and attempt log, a resend, and recent rows for watching delivery.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import { actingWithNote, type OperatorEnv } from '../http/operator-env.js';
import { findOrder } from '../orders/order-store.js';
import { ORDER_CALLBACKS, RECENT_CALLBACKS, RESEND_CALLBACK } from './callback-api.js';
import { resendCallback } from './commands/resend-callback.js';
import { orderCallbacks, resentRow } from './order-callbacks.js';
import { listRecentOutbox } from './outbox-store.js';

export function callbackRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db } = deps;

  ORDER_CALLBACKS.register(app, async (c) => {
    const order = await findOrder(db, c.req.valid('param').payment_uid);
    if (!order) throw notFound('payment_uid: no such order');
    return success(c, await orderCallbacks(db, order));
  });

  RESEND_CALLBACK.register(app, async (c) => {
    const paymentUid = c.req.valid('param').payment_uid;
    const result = await resendCallback(deps, { paymentUid, ...actingWithNote(c) });
    return success(c, resentRow(result));
  });

  RECENT_CALLBACKS.register(app, async (c) => {
    const { state, limit } = c.req.valid('query');
    const rows = await listRecentOutbox(db, state, limit);
    return success(c, rows);
  });

  return app;
}
