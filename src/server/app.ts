/**
 * The whole HTTP interface as one Hono app over standard Request/Response: no process.env, no
 * listen. main.ts is the only edge.
 */

import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ERROR_CODES } from '../shared/error-codes.js';
import type { AppDeps } from './app-deps.js';
import { approvalRoutes } from './approvals/approval-routes.js';
import { proposer } from './approvals/propose.js';
import {
  checkoutApiRoutes,
  DEFAULT_PAYER_LIMITS,
  type PayerLimits,
} from './checkout-api/checkout-api-routes.js';
import { demoRoutes } from './checkout-api/demo-routes.js';
import { consoleApiRoutes } from './console/console-api-routes.js';
import { sessionRoutes } from './console/session-routes.js';
import { apiCreditRoutes } from './credits/api-credit-routes.js';
import { contestedClaimRoutes } from './credits/contested-claims-routes.js';
import { creditRoutes } from './credits/credit-routes.js';
import { frozenCreditRoutes } from './credits/frozen-credits-routes.js';
import { DEFAULT_INGEST_LIMIT, ingestRoutes } from './credits/ingest-routes.js';
import { manualCreditRoutes } from './credits/manual-credit-routes.js';
import { AppError, isAppError, notFound } from './errors.js';
import { GATEWAY_API_ALIAS_PREFIX, GATEWAY_API_PREFIX } from './gateway/gateway-api.js';
import { gatewayRoutes } from './gateway/gateway-routes.js';
import { asClientAbort } from './http/client-errors.js';
import { renderError } from './http/envelope.js';
import { MatchedRouteRouter } from './http/matched-route.js';
import { metricsRoutes } from './http/metrics-routes.js';
import type { PortalEnv } from './http/portal-env.js';
import { HSTS, withRequestContext } from './http/request-context.js';
import { requestHeader, requestRecord } from './http/request-record.js';
import { HEALTH, OPENAPI, READY } from './http/service-api.js';
import { ledgerRoutes } from './ledger/ledger-routes.js';
import { merchantRoutes } from './merchants/merchant-routes.js';
import { callbackRoutes } from './notify/callback-routes.js';
import { openApiDocument } from './openapi/openapi-document.js';
import { backupRoutes } from './operator/backup-routes.js';
import { OPERATOR_API_PREFIX } from './operator/operator-api.js';
import { operatorAuth } from './operator/operator-auth.js';
import { operatorsRoutes } from './operator/operators-routes.js';
import { orderRoutes } from './orders/order-routes.js';
import { payoutBatchRoutes } from './payouts/payout-batch-routes.js';
import { razorpayxWebhookRoutes } from './payouts/razorpayx/razorpayx-webhook-routes.js';
import { PORTAL_API_PREFIX } from './portal/portal-api.js';
import { portalAuth } from './portal/portal-auth.js';
import { portalOperatorRoutes } from './portal/portal-operator-routes.js';
import { portalRoutes } from './portal/portal-routes.js';
import { portalSessionRoutes } from './portal/portal-session-routes.js';
import type { RateLimit } from './rate-limit.js';
import { ping } from './store/db.js';

export const MAX_BODY_BYTES = 16 * 1024;
/** Bank statements are the one larger body (operator only): about 50,000 lines. */
export const MAX_STATEMENT_BYTES = 4 * 1024 * 1024;
const STATEMENT_PATH = `${OPERATOR_API_PREFIX}/credits/import`;
/** Raw e-mail alerts carry HTML and headers: larger than other bodies, far below a statement. */
export const MAX_EMAIL_BYTES = 256 * 1024;
const EMAIL_PREFIX = '/ingest/email/';
const EMAIL_PATH = '/ingest/email';

export interface AppOptions {
  /** The built checkout page's routes (served from dist/checkout). */
  readonly checkoutPage?: Hono;
  /** The built operator console's routes (served from dist/console under /console/). */
  readonly consolePage?: Hono;
  /** The built merchant portal's routes (served from dist/portal under /merchant/). */
  readonly portalPage?: Hono;
  readonly payerLimits?: PayerLimits;
  /** The per-token limit of the alert ingest endpoints. */
  readonly ingestLimit?: RateLimit;
  /** The per-address limit of the payout provider's webhook. */
  readonly webhookLimit?: RateLimit;
  /** Aborted when the service shuts down: open event streams end. */
  readonly signal?: AbortSignal;
  /** Real time between the event streams' heartbeat comments (default 20 s). */
  readonly heartbeatMs?: number;
  /** Real time an open order's payer view is served from memory without a store read (default 60 s). */
  readonly openViewTrustMs?: number;
}

/** Methods whose requests may carry a body: the only ones the body limit looks at. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono {
  const router = new MatchedRouteRouter();
  const app = new Hono({ router });
  // The request context wraps the dispatch instead of being a middleware: a route without
  // middleware (the payer's poll, /healthz) stays a single handler, which Hono answers without
  // composing a chain. app.request() goes through the same fetch.
  app.fetch = withRequestContext(app.fetch, {
    log: deps.log,
    metrics: deps.metrics,
    router,
    hsts: deps.config.publicBaseUrl.startsWith('https:') ? HSTS : undefined,
  });
  const tooLarge = (maxSize: number) =>
    new AppError(ERROR_CODES.payloadTooLarge, `body: larger than ${maxSize} bytes`);
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw tooLarge(maxSize);
      },
    });
  const limits = [
    { maxSize: MAX_STATEMENT_BYTES, check: limitBody(MAX_STATEMENT_BYTES) },
    { maxSize: MAX_EMAIL_BYTES, check: limitBody(MAX_EMAIL_BYTES) },
    { maxSize: MAX_BODY_BYTES, check: limitBody(MAX_BODY_BYTES) },
  ] as const;
  // The body limit only where a body can come. A body of declared length is judged by its
  // Content-Length alone (Node's parser never reads past it), as Hono's bodyLimit does, but
  // without first building the web Request that bodyLimit reaches for; a chunked body is counted
  // by bodyLimit as it streams.
  app.on(BODY_METHODS, '*', (c, next) => {
    const path = c.req.path;
    const limit =
      path === STATEMENT_PATH
        ? limits[0]
        : path.startsWith(EMAIL_PREFIX) || path === EMAIL_PATH
          ? limits[1]
          : limits[2];
    const declared = requestHeader(c, 'content-length');
    if (declared === undefined || requestHeader(c, 'transfer-encoding') !== undefined) {
      return limit.check(c, next);
    }
    if (Number.parseInt(declared, 10) > limit.maxSize) {
      throw tooLarge(limit.maxSize);
    }
    return next();
  });

  app.onError((thrown, c) => {
    const error = asClientAbort(thrown) ?? thrown;
    if (!isAppError(error)) deps.log.error('unhandled error', { request_id: requestRecord(c).id, error });
    return renderError(c, error);
  });
  app.notFound((c) => renderError(c, notFound(`no route for ${c.req.method} ${c.req.path}`)));

  HEALTH.register(app, (c) => c.json({ status: 'ok' }));
  READY.register(app, async (c) => {
    try {
      await ping(deps.db);
      return c.json({ status: 'ready', store: deps.db.kind, mode: deps.config.mode });
    } catch {
      return c.json({ status: 'unavailable', store: deps.db.kind, mode: deps.config.mode }, 503);
    }
  });
  if (deps.config.metricsPort === undefined) {
    app.use('/metrics', operatorAuth(deps));
    app.route('/', metricsRoutes(deps.metrics));
  }
  // Generated from the registered routes on the first request, when all of them are in place.
  let openApi: Promise<string> | undefined;
  OPENAPI.register(app, async (c) => {
    openApi ??= openApiDocument(app, deps.config.publicBaseUrl).then((document) => JSON.stringify(document));
    return c.body(await openApi, 200, { 'Content-Type': 'application/json' });
  });

  const gateway = gatewayRoutes(deps);
  app.route(GATEWAY_API_PREFIX, gateway);
  app.route(GATEWAY_API_ALIAS_PREFIX, gateway);
  app.route(
    '/',
    checkoutApiRoutes(deps, options.payerLimits ?? DEFAULT_PAYER_LIMITS, {
      signal: options.signal,
      heartbeatMs: options.heartbeatMs,
      openViewTrustMs: options.openViewTrustMs,
    }),
  );
  app.route('/', demoRoutes(deps));
  app.route('/', ingestRoutes(deps, options.ingestLimit));
  app.route('/', apiCreditRoutes(deps, options.ingestLimit ?? DEFAULT_INGEST_LIMIT));
  app.route('/', razorpayxWebhookRoutes(deps, options.webhookLimit));

  const propose = proposer(deps);
  app.use(`${OPERATOR_API_PREFIX}/*`, operatorAuth(deps));
  // The operator API's routes of every folder, in the order the router tries them.
  for (const routes of [
    merchantRoutes(deps),
    orderRoutes(deps, propose),
    manualCreditRoutes(deps, propose),
    backupRoutes(deps),
    operatorsRoutes(deps),
    consoleApiRoutes(deps),
    creditRoutes(deps, propose),
    payoutBatchRoutes(deps),
    ledgerRoutes(deps),
    frozenCreditRoutes(deps, propose),
    contestedClaimRoutes(deps, propose),
    callbackRoutes(deps),
    approvalRoutes(deps),
    portalOperatorRoutes(deps),
  ]) {
    app.route(OPERATOR_API_PREFIX, routes);
  }
  app.route('/console/api', sessionRoutes(deps));
  if (options.consolePage) app.route('/', options.consolePage);
  app.route(PORTAL_API_PREFIX, portalSessionRoutes(deps));
  // Behind the portal session (after the session routes above, which answer first): every route
  // below is the signed-in merchant's own.
  const portal = new Hono<PortalEnv>();
  portal.use('*', portalAuth(deps));
  portal.route('/', portalRoutes(deps));
  app.route(PORTAL_API_PREFIX, portal);
  if (options.portalPage) app.route('/', options.portalPage);

  if (options.checkoutPage) app.route('/', options.checkoutPage);
  return app;
}
