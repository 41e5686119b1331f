/** The signed merchant API (interface 4.1, 4.2, 4.4). */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import { clientIp } from '../http/client-ip.js';
import { balanceOf } from '../ledger/ledger.js';
import { findOrderByMerchantOrderId } from '../orders/order-store.js';
import { paymentObject, paymentUrl, queryView } from '../orders/order-views.js';
import { createOrder } from './create-order.js';
import { parseCreateOrder } from './order-request.js';
import { readSignedRequest, requireOwnMerchant } from './signed-request.js';

export function gatewayRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const baseUrl = deps.config.publicBaseUrl;

  app.post('/order/new', async (c) => {
    const request = await readSignedRequest(c, deps);
    requireOwnMerchant(request);
    const input = parseCreateOrder(request.fields);
    const result = await createOrder(deps, input, {
      merchant: request.key.merchant,
      apiKey: request.key.key,
      fields: request.fields,
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? '',
    });
    const { order } = result;
    if (result.kind === 'created') {
      deps.metrics.ordersCreated.inc({ transaction_type: order.transaction_type, payterm: order.payterm });
    }
    const url = paymentUrl(baseUrl, order.payment_uid);
    if (input.responseType === '') return c.redirect(url, 302);
    const payment = paymentObject(order, baseUrl);
    return c.json({ result: 'success', data: { payment, payterm: payment, payment_url: url } });
  });

  app.post('/order/get', async (c) => {
    const request = await readSignedRequest(c, deps);
    const merchantOrderId = request.fields.merchant_order_id;
    if (!merchantOrderId) throw new AppError(400, ERROR_CODES.missingField, 'merchant_order_id: required');
    const merchant = request.key.merchant;
    const order = await findOrderByMerchantOrderId(deps.db, merchant.uid, merchantOrderId);
    if (!order) throw new AppError(404, ERROR_CODES.notFound, 'merchant_order_id: no such order');
    return c.json({ result: 'success', data: queryView(order, merchant.name, baseUrl) });
  });

  app.post('/ledger/get_merchant_ledger', async (c) => {
    const request = await readSignedRequest(c, deps);
    requireOwnMerchant(request);
    const merchant = request.key.merchant;
    const balance = await balanceOf(deps.db, merchant.uid);
    return c.json({
      result: 'success',
      data: {
        uid: merchant.uid,
        merchant_uid: merchant.uid,
        merchant_name: merchant.name,
        inr: formatAmount(balance.available),
        inr_held: formatAmount(balance.held),
        created_at: merchant.created_at.toISOString(),
        updated_at: merchant.updated_at.toISOString(),
      },
    });
  });

  return app;
}
