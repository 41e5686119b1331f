/**
 * The order routes of the operator API, behind the operator's authentication: recent orders, one
 * order with its history and UTR claims, the status an operator sets (a payout's outcome, a
 * refund; under dual control a proposal, `propose` given by the app), and the claims that lost.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { claimsOf } from '../credits/claim-store.js';
import { listLostClaims } from '../credits/lost-claim-store.js';
import { AppError, notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import type { Propose } from '../http/propose.js';
import { setOrderStatus } from '../lifecycle/commands/set-order-status.js';
import { findMerchant } from '../merchants/merchant-store.js';
import { LIST_ORDERS, LOST_CLAIMS, SET_ORDER_STATUS, SHOW_ORDER } from './order-api.js';
import { findOrder, listOrders, orderHistory } from './order-store.js';
import { queryView } from './order-views.js';

export function orderRoutes(deps: AppDeps, propose: Propose): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db } = deps;

  /** Claims that lost (UTR held by another order, credit paid to another account or of another amount). */
  LOST_CLAIMS.register(app, async (c) => {
    const { utr = '', payment_uid: paymentUid = '', limit } = c.req.valid('query');
    const rows = await listLostClaims(db, { utr, paymentUid, limit });
    return success(
      c,
      rows.map((row) => ({
        ...row,
        credit_amount: row.credit_amount === null ? null : formatAmount(row.credit_amount),
      })),
    );
  });

  LIST_ORDERS.register(app, async (c) => {
    const { merchant_uid: merchantUid = '', status = '', limit } = c.req.valid('query');
    const rows = await listOrders(db, { merchantUid, status, limit });
    return success(
      c,
      rows.map((order) => queryView(order, '', deps.config.publicBaseUrl)),
    );
  });

  SHOW_ORDER.register(app, async (c) => {
    const order = await findOrder(db, c.req.valid('param').payment_uid);
    if (!order) throw notFound('payment_uid: no such order');
    const merchant = await findMerchant(db, order.merchant_uid);
    if (!merchant) throw notFound('merchant_uid: no such merchant');
    const [history, claims] = await Promise.all([
      orderHistory(db, order.payment_uid),
      claimsOf(db, order.payment_uid),
    ]);
    return success(c, {
      ...queryView(order, merchant.name, deps.config.publicBaseUrl),
      history,
      utr_claims: claims.map(({ utr, claimed_at }) => ({ utr, claimed_at })),
    });
  });

  SET_ORDER_STATUS.register(app, async (c) => {
    const input = c.req.valid('json');
    const paymentUid = c.req.valid('param').payment_uid;
    if (deps.config.dualControl) {
      const payload = { payment_uid: paymentUid, status: input.status, reason: input.reason ?? null };
      return propose(c, 'order.status', payload, input.note ?? input.reason ?? '');
    }
    const result = await setOrderStatus(deps, {
      paymentUid,
      status: input.status,
      reason: input.reason,
      note: input.note,
      actor: c.var.operatorName,
    });
    if (result.kind === 'no_order') throw notFound('payment_uid: no such order');
    if (result.kind === 'refused') throw new AppError(ERROR_CODES.invalidTransition, result.details);
    return success(c, queryView(result.order, '', deps.config.publicBaseUrl));
  });

  return app;
}
