/**
 * Takes RazorpayX's webhooks: checked (signature in constant time, age, event id once), then the
 * payout they name is moved (commands/take-razorpayx-event.ts).
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../../shared/error-codes.js';
import type { AppDeps } from '../../app-deps.js';
import { AppError, notFound } from '../../errors.js';
import { clientIp } from '../../http/client-ip.js';
import { success } from '../../http/envelope.js';
import { RateLimiter, refuseWhenLimited } from '../../http/rate-limiter.js';
import type { RateLimit } from '../../rate-limit.js';
import { takeRazorpayxEvent } from '../commands/take-razorpayx-event.js';
import { checkWebhook } from './razorpayx-webhook.js';
import { RAZORPAYX_WEBHOOK } from './razorpayx-webhook-api.js';

/**
 * Per client address, in memory: far above what RazorpayX sends (its best practices keep API
 * traffic at 5-10 a second), so only a flood is refused; RazorpayX retries what is refused.
 */
export const DEFAULT_WEBHOOK_LIMIT: RateLimit = { burst: 300, perSecond: 30 };

export function razorpayxWebhookRoutes(deps: AppDeps, limit: RateLimit = DEFAULT_WEBHOOK_LIMIT): Hono {
  const app = new Hono();
  const limiter = new RateLimiter(limit, deps.clock);
  RAZORPAYX_WEBHOOK.register(app, async (c) => {
    const config = deps.config.razorpayx;
    if (!config) throw notFound('razorpayx: not configured on this service');
    refuseWhenLimited(
      limiter.take(clientIp(c, deps.config.trustProxy)),
      'too many webhook deliveries from this address; try again shortly',
    );
    const now = deps.clock.now();
    const check = checkWebhook(
      await c.req.text(),
      { signature: c.req.header('x-razorpay-signature'), eventId: c.req.header('x-razorpay-event-id') },
      config.webhookSecret,
      now,
    );
    if (!check.ok) {
      deps.log.warn('razorpayx webhook refused', { why: check.why });
      throw new AppError(
        check.why === 'signature' ? ERROR_CODES.badSignature : ERROR_CODES.invalidRequest,
        check.details,
      );
    }
    const entity = check.event.payload.payout?.entity;
    const result = await takeRazorpayxEvent(deps, {
      eventId: check.eventId,
      event: check.event.event,
      entity,
    });
    const fields = { event: check.event.event, provider_payout_id: entity?.id, ...result };
    if (result.outcome === 'reversed')
      deps.log.warn('payout reversed after it completed: money back to the merchant', fields);
    else if (result.outcome === 'amount_mismatch' || result.outcome === 'unknown_payout')
      deps.log.error('razorpayx webhook names no payout of ours', fields);
    else deps.log.info('razorpayx webhook', fields);
    return success(c, result);
  });
  return app;
}
