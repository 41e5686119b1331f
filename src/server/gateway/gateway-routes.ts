/**
 * The signed merchant API (docs/merchant-api.md: create, query, balance), behind the signed check
 * (signed-request.ts), which sets `c.var.signed` for every handler.
 */
import { Hono } from 'hono';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { notFound } from '../errors.js';
import { clientIp } from '../http/client-ip.js';
import { success } from '../http/envelope.js';
import { balanceOf } from '../ledger/ledger.js';
import { findOrderByMerchantOrderId } from '../orders/order-store.js';
import { paymentObject, paymentUrl, queryView } from '../orders/order-views.js';
import { createOrder } from './commands/create-order.js';
import { createdOrder } from './created-order.js';
import { CREATE_ORDER, MERCHANT_BALANCE, QUERY_ORDER } from './gateway-api.js';
import { createOrderInput } from './order-request.js';
import { requireOwnMerchant, type SignedEnv, signedMerchant } from './signed-request.js';

export function gatewayRoutes(deps: AppDeps): Hono<SignedEnv> {
  const app = new Hono<SignedEnv>();
  const baseUrl = deps.config.publicBaseUrl;
  // Every gateway route is a signed POST; another method on its path is a plain 404.
  app.post('*', signedMerchant(deps));

  CREATE_ORDER.register(app, async (c) => {
    const request = c.req.valid('json');
    const signed = c.var.signed;
    requireOwnMerchant(request.merchant_uid, signed);
    const input = createOrderInput(request, {
      allowPrivateUrls: deps.config.allowPrivateCallbacks,
      merchant: signed.merchant,
    });
    const result = await createOrder(deps, input, {
      merchant: signed.merchant,
      apiKey: signed.apiKey,
      canonical: signed.canonical,
      ip: clientIp(c, deps.config.trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
    });
    const order = createdOrder(result);
    if (result.kind === 'created') {
      deps.metrics.ordersCreated.inc({ transaction_type: order.transaction_type, payterm: order.payterm });
    }
    const url = paymentUrl(baseUrl, order.payment_uid);
    if (input.responseType === '') return c.redirect(url, 302);
    const payment = paymentObject(order, baseUrl);
    return success(c, { payment, payterm: payment, payment_url: url });
  });

  QUERY_ORDER.register(app, async (c) => {
    const { merchant_order_id: merchantOrderId } = c.req.valid('json');
    const { merchant } = c.var.signed;
    const order = await findOrderByMerchantOrderId(deps.db, merchant.uid, merchantOrderId);
    if (!order) throw notFound('merchant_order_id: no such order');
    return success(c, queryView(order, merchant.name, baseUrl));
  });

  MERCHANT_BALANCE.register(app, async (c) => {
    const signed = c.var.signed;
    requireOwnMerchant(c.req.valid('json').merchant_uid, signed);
    const { merchant } = signed;
    const balance = await balanceOf(deps.db, merchant.uid);
    return success(c, {
      uid: merchant.uid,
      merchant_uid: merchant.uid,
      merchant_name: merchant.name,
      inr: formatAmount(balance.available),
      inr_held: formatAmount(balance.held),
      inr_pending: formatAmount(balance.pending),
      inr_frozen: formatAmount(balance.frozen),
      created_at: merchant.created_at.toISOString(),
      updated_at: merchant.updated_at.toISOString(),
    });
  });

  return app;
}
