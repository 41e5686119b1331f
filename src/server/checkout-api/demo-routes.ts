/**
 * `GET /demo` (sandbox only): creates a fresh collection order for the demo merchant and
 * redirects the browser to its payment_url, so a newcomer sees a working payer page from the
 * link `npm start` prints, without a second terminal. Production refuses it.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { canonicalString } from '../../shared/signing.js';
import type { AppDeps } from '../app-deps.js';
import { AppError, notFound } from '../errors.js';
import { createOrder } from '../gateway/commands/create-order.js';
import { createdOrder } from '../gateway/created-order.js';
import { CreateOrderRequestSchema, createOrderInput } from '../gateway/order-request.js';
import { clientIp } from '../http/client-ip.js';
import { RateLimiter, refuseWhenLimited } from '../http/rate-limiter.js';
import { DEMO_SHOP } from '../merchants/demo-merchant.js';
import { findActiveMerchantWithKey } from '../merchants/merchant-store.js';
import { paymentUrl } from '../orders/order-views.js';
import type { RateLimit } from '../rate-limit.js';
import { DEMO } from './payer-api.js';

/** Each demo visit creates an order: a handful per client, then one every 5 s. */
export const DEMO_LIMIT: RateLimit = { burst: 10, perSecond: 0.2 };
export const DEMO_AMOUNT = '199.00';

export function demoRoutes(deps: AppDeps, limit: RateLimit = DEMO_LIMIT): Hono {
  const app = new Hono();
  const limiter = new RateLimiter(limit, deps.clock);

  DEMO.register(app, async (c) => {
    if (deps.config.mode !== 'sandbox') {
      throw new AppError(ERROR_CODES.forbidden, 'GET /demo: available in sandbox mode only');
    }
    refuseWhenLimited(
      limiter.take(clientIp(c, deps.config.trustProxy)),
      'too many requests; try again shortly',
    );
    const demo = await findActiveMerchantWithKey(deps.db, DEMO_SHOP.upi_vpa ?? '');
    if (!demo)
      throw notFound('GET /demo: no demo merchant (DEMO_MERCHANT=false or a store that had merchants)');
    const { api_key: apiKey, ...merchant } = demo;
    const fields = {
      transaction_type: 'income',
      amount: DEMO_AMOUNT,
      merchant_order_id: `DEMO-${randomBytes(6).toString('hex')}`,
      merchant_uid: merchant.uid,
      payterm: 'UPI',
      response_type: 'json',
    };
    const result = await createOrder(deps, createOrderInput(CreateOrderRequestSchema.parse(fields)), {
      merchant,
      apiKey,
      canonical: canonicalString(fields, { skipEmpty: true }),
      ip: clientIp(c, deps.config.trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
    });
    const order = createdOrder(result);
    deps.metrics.ordersCreated.inc({ transaction_type: order.transaction_type, payterm: order.payterm });
    c.header('Cache-Control', 'no-store');
    return c.redirect(paymentUrl(deps.config.publicBaseUrl, order.payment_uid), 302);
  });

  return app;
}
