/**
 * The payer-facing API: unsigned, rate-limited per client IP, payer-safe fields only.
 * - GET  /checkout/api/orders/:payment_uid          the payer view, with ETag and 304
 * - GET  /checkout/api/orders/:payment_uid/events   the payer view as Server-Sent Events
 * - POST /checkout/api/orders/:payment_uid/simulate sandbox only: a bank credit with a fresh UTR
 * - POST /Payments/india_match                      the payer's UTR claim (form or JSON)
 */
import { randomInt } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { type ClaimResult, claimUtr } from '../credits/commands/claim-utr.js';
import { simulatePayment } from '../credits/commands/simulate-payment.js';
import { AppError, invalidField, notFound } from '../errors.js';
import { clientIp } from '../http/client-ip.js';
import { jsonResponse, success } from '../http/envelope.js';
import { RateLimiter, refuseWhenLimited, takeOrRefuse } from '../http/rate-limiter.js';
import { requestHeader } from '../http/request-record.js';
import type { RateLimit } from '../rate-limit.js';
import { storeRateLimiter } from '../store/rate-limit-store.js';
import { orderEventStream, type StreamLimits } from './order-event-stream.js';
import { CLAIM_UTR, PAYER_EVENTS, PAYER_ORDER, SIMULATE_PAYMENT } from './payer-api.js';
import { createPayerViews, type PayerViewVersion, payerAnswer } from './payer-views.js';

export interface PayerLimits {
  /** The poll, and opening an event stream. */
  readonly poll: RateLimit;
  readonly match: RateLimit;
  readonly simulate: RateLimit;
  readonly streams: StreamLimits;
}

export interface CheckoutApiOptions {
  /** Aborted when the service shuts down: open event streams end. */
  readonly signal?: AbortSignal | undefined;
  /** Real time between the event streams' heartbeat comments (default 20 s). */
  readonly heartbeatMs?: number | undefined;
  /** Real time an open order's payer view is served from memory without a store read (default 60 s). */
  readonly openViewTrustMs?: number | undefined;
}

/** Generous for polling (many payers share carrier NAT addresses), tight for UTR claims. */
export const DEFAULT_PAYER_LIMITS: PayerLimits = {
  poll: { burst: 120, perSecond: 10 },
  match: { burst: 10, perSecond: 0.5 },
  simulate: { burst: 5, perSecond: 0.2 },
  streams: { perOrder: 4, perClient: 16 },
};

/** The limits with burst and refill rate multiplied by `scale` (PAYER_RATE_LIMIT_SCALE). */
export function scalePayerLimits(limits: PayerLimits, scale: number): PayerLimits {
  const scaled = (limit: RateLimit): RateLimit => ({
    burst: limit.burst * scale,
    perSecond: limit.perSecond * scale,
  });
  return {
    poll: scaled(limits.poll),
    match: scaled(limits.match),
    simulate: scaled(limits.simulate),
    streams: {
      perOrder: Math.ceil(limits.streams.perOrder * scale),
      perClient: Math.ceil(limits.streams.perClient * scale),
    },
  };
}

export function checkoutApiRoutes(
  deps: AppDeps,
  limits: PayerLimits = DEFAULT_PAYER_LIMITS,
  options: CheckoutApiOptions = {},
): Hono {
  const app = new Hono();
  const views = createPayerViews({
    db: deps.db,
    changes: deps.changes,
    sandbox: deps.config.mode === 'sandbox',
    now: () => deps.clock.now(),
    secretKey: deps.config.secretKey,
    claimGraceSeconds: deps.config.claimGraceSeconds,
    openTrustMs: options.openViewTrustMs,
  });
  const events = orderEventStream({
    views,
    clock: deps.clock,
    limits: limits.streams,
    heartbeatMs: options.heartbeatMs,
    signal: options.signal,
  });
  const pollLimiter = new RateLimiter(limits.poll, deps.clock);
  const simulateLimiter = new RateLimiter(limits.simulate, deps.clock);
  const tooMany = 'too many requests; try again shortly';
  // UTR claims are limited in the store, so the limit holds across processes on PostgreSQL.
  const claimLimit = takeOrRefuse(storeRateLimiter(deps.db, 'utr_claim', limits.match), deps.clock, tooMany);
  const limit = (limiter: RateLimiter, key: string) => refuseWhenLimited(limiter.take(key), tooMany);

  // The poll of an order whose view is in memory answers without awaiting anything (Hono then
  // answers the request in the same turn); the first poll of an order reads it from the store.
  const answerPoll = (c: Context, version: PayerViewVersion | undefined): Response => {
    if (!version) throw notFound('payment_uid: no such order');
    // The change sequence names the version of the view: no hashing of the body.
    const headers = { 'Cache-Control': 'no-cache', ETag: version.etag };
    if (matchesEtag(requestHeader(c, 'if-none-match'), version.etag)) {
      return new Response(null, { status: 304, headers });
    }
    return jsonResponse(payerAnswer(version, deps.clock.now()), 200, headers);
  };
  PAYER_ORDER.register(app, (c) => {
    limit(pollLimiter, clientIp(c, deps.config.trustProxy));
    const paymentUid = c.req.valid('param').payment_uid;
    const known = views.peek(paymentUid);
    return known ? answerPoll(c, known) : views.get(paymentUid).then((version) => answerPoll(c, version));
  });

  PAYER_EVENTS.register(app, async (c) => {
    const client = clientIp(c, deps.config.trustProxy);
    limit(pollLimiter, client);
    return events(c, c.req.valid('param').payment_uid, client);
  });

  // Every claim counts against its client's limit, a malformed one too: the limit comes first.
  const limitClaims: MiddlewareHandler = async (c, next) => {
    await claimLimit(clientIp(c, deps.config.trustProxy));
    await next();
  };
  CLAIM_UTR.register(app, limitClaims, async (c) => {
    const ip = clientIp(c, deps.config.trustProxy);
    const { payment_uid: paymentUid, serial_number: serial } = c.req.valid('json');
    const result = await claimUtr(deps, { paymentUid, utr: serial, clientIp: ip });
    const order = claimedOrder(result);
    return success(c, {
      payment_uid: order.payment_uid,
      serial_number: serial,
      payment_status: order.payment_status,
      ...(result.kind === 'contested' ? { under_review: true } : {}),
    });
  });

  SIMULATE_PAYMENT.register(app, async (c) => {
    if (deps.config.mode !== 'sandbox') throw notFound('no such endpoint');
    limit(simulateLimiter, clientIp(c, deps.config.trustProxy));
    const utr = sandboxUtr(deps.clock.now());
    const paid = await simulatePayment(deps, { paymentUid: c.req.valid('param').payment_uid, utr });
    if (paid.kind === 'no_order') throw notFound('payment_uid: no such collection order');
    return success(c, { serial_number: utr, amount: formatAmount(paid.amount) });
  });

  return app;
}

function claimedOrder(result: ClaimResult) {
  switch (result.kind) {
    case 'claimed':
    case 'contested':
      return result.order;
    case 'not_found':
      throw notFound('payment_uid: no such order');
    case 'not_collection':
      throw invalidField('payment_uid', 'not a collection order');
    case 'final':
      throw new AppError(
        ERROR_CODES.orderFinal,
        `payment_uid: order is already ${result.order.payment_status}`,
      );
    case 'closed':
      throw new AppError(
        ERROR_CODES.orderFinal,
        'payment_uid: the payment team closed this order; contact the shop (only an operator can reopen it)',
      );
    case 'utr_used':
      throw new AppError(ERROR_CODES.utrUsed, 'serial_number: this UTR was already used for another order');
    case 'payee_mismatch':
      throw new AppError(
        ERROR_CODES.utrUsed,
        "serial_number: this UTR's payment went to another account, not to this order's",
      );
    case 'credit_mismatch':
      throw new AppError(
        ERROR_CODES.creditMismatch,
        `serial_number: this UTR belongs to a bank credit of ${formatAmount(result.creditAmount)} INR, not this order's amount`,
        { data: { credit_amount: formatAmount(result.creditAmount) } },
      );
    case 'too_many':
      throw new AppError(ERROR_CODES.tooManyUtrs, 'serial_number: too many different UTRs for this order');
  }
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * A UTR-shaped reference for sandbox credits, numbered as most banks do: the year's last digit,
 * the day of the year and the hour (Indian time), then 6 random digits.
 */
export function sandboxUtr(now: Date): string {
  const ist = new Date(now.getTime() + (5 * 60 + 30) * 60_000);
  const day = Math.floor((ist.getTime() - Date.UTC(ist.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  const digits = Array.from({ length: 6 }, () => randomInt(10)).join('');
  const hour = String(ist.getUTCHours()).padStart(2, '0');
  return `${ist.getUTCFullYear() % 10}${String(day).padStart(3, '0')}${hour}${digits}`;
}
