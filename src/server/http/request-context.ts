/**
 * What the service does around every request, outside Hono's dispatch: a request id (taken from
 * X-Request-Id when sane, else new) on the response, in the access log and in every error body;
 * `X-Content-Type-Options: nosniff` on every answer, and `Strict-Transport-Security` when the
 * service's public URL is https (browsers then never reach it over plain http, even from a typed
 * or linked http:// address); the request target checked for control characters; the access log
 * at debug and the metrics.
 *
 * Written for the cost of a request (bench/http.mjs, docs/decisions/0020-http-path.md). It wraps
 * the app's fetch rather than being a middleware, so that a route without middleware is a single
 * handler to Hono, which then answers without composing a chain (a promise per step). Its work is
 * synchronous: the headers go straight on Node's outgoing message before the dispatch (a header
 * added to a finished response makes Hono and the Node adapter rebuild it), ids come from a
 * per-process prefix and a counter, the metric children are kept per label set, the route label
 * comes from the router's own match, and the access-log line is only built at debug.
 */
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { isAppError } from '../errors.js';
import type { Logger } from '../log.js';
import { assertCleanTarget } from './clean-text.js';
import { errorResponse } from './envelope.js';
import { loggedPath } from './logged-path.js';
import type { MatchedRouteRouter } from './matched-route.js';
import type { Metrics } from './metrics.js';
import { type Bindings, nodeHeader, REQUEST, RequestRecord } from './request-record.js';

/** Hono's fetch: a request, its bindings (`incoming` and `outgoing` on Node) and an execution context. */
type Fetch = Hono['fetch'];

const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Unique request ids: a random prefix per process and a counter. Not secrets, only labels. */
export function requestIds(): () => string {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  return () => `${prefix}-${(++counter).toString(36)}`;
}

export interface RequestContextOptions {
  readonly log: Logger;
  readonly metrics: Metrics;
  /** The router the app dispatches with: it names the route each request matched. */
  readonly router: MatchedRouteRouter;
  /** The Strict-Transport-Security value to send on every answer, when served over https. */
  readonly hsts?: string | undefined;
}

/** A year, the value HSTS preload lists ask for; subdomains are not the service's to decide. */
export const HSTS = 'max-age=31536000';

/** `dispatch` (an app's own fetch) wrapped in the request context. */
export function withRequestContext(dispatch: Fetch, options: RequestContextOptions): Fetch {
  const { log, router, hsts } = options;
  const nextId = requestIds();
  const requests = options.metrics.requests;
  const debug = log.enabled('debug');
  return (request, env, executionCtx) => {
    const bindings = env as Bindings | undefined;
    const outgoing = bindings?.outgoing;
    const incoming = bindings?.incoming;
    const given = incoming?.headers
      ? nodeHeader(incoming, 'x-request-id')
      : (request.headers.get('x-request-id') ?? undefined);
    const record = new RequestRecord(given !== undefined && SANE_ID.test(given) ? given : nextId(), log);
    // Before the handler runs, so every answer carries them at no extra cost.
    if (outgoing && !outgoing.headersSent) {
      outgoing.setHeader('X-Request-Id', record.id);
      outgoing.setHeader('X-Content-Type-Options', 'nosniff');
      if (hsts !== undefined) outgoing.setHeader('Strict-Transport-Security', hsts);
    }
    const started = performance.now();
    let answer: Response | Promise<Response>;
    let route: string;
    try {
      // The target as the client sent it (Node's raw request line), else the whole URL.
      assertCleanTarget(incoming?.url ?? request.url);
      answer = dispatch(request, { ...bindings, [REQUEST]: record }, executionCtx);
      route = router.takeRoute();
    } catch (error) {
      // The target check throws here; Hono's dispatch turns every error of a handler into an answer.
      if (!isAppError(error)) log.error('unhandled error', { request_id: record.id, error });
      answer = errorResponse(error, record.id);
      route = router.takeRoute();
    }
    const finish = (response: Response): Response => {
      const seconds = (performance.now() - started) / 1000;
      const status = response.status;
      requests.observe(request.method, route, status, seconds);
      if (debug) {
        log.debug('request', {
          request_id: record.id,
          method: request.method,
          route,
          status: String(status),
          path: loggedPath(incoming?.url?.split('?')[0] ?? new URL(request.url).pathname),
          ms: Math.round(seconds * 1000),
        });
      }
      return outgoing ? response : withHeaders(response, record.id, hsts);
    };
    return answer instanceof Promise ? answer.then(finish) : finish(answer);
  };
}

/** In-process answers (no Node response) carry the headers on the Response itself. */
function withHeaders(response: Response, requestId: string, hsts: string | undefined): Response {
  let answer = response;
  try {
    answer.headers.set('X-Request-Id', requestId);
  } catch {
    // An immutable Response (a redirect, a fetched one): copied once.
    answer = new Response(response.body, response);
    answer.headers.set('X-Request-Id', requestId);
  }
  answer.headers.set('X-Content-Type-Options', 'nosniff');
  if (hsts !== undefined) answer.headers.set('Strict-Transport-Security', hsts);
  return answer;
}
