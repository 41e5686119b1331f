/**
 * Per-request middleware: a request id (taken from X-Request-Id when sane, else new) on the
 * response, in the access log and in every error body; `X-Content-Type-Options: nosniff` on every
 * answer; the access log at debug and the metrics.
 *
 * Written for the cost of a request (measured by bench/http.mjs): the response headers are set
 * before the handler runs (on Node straight on the outgoing message), because a header added to
 * a finished response makes Hono and the Node adapter rebuild the response; ids come from a
 * per-process prefix and a counter instead of a UUID; the metric children are kept per label
 * set; the access-log line is only built when debug logging is on.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { LogFields, Logger, LogLevel } from '../log.js';
import type { Metrics } from './metrics.js';

export type RequestVariables = { requestId: string; log: Logger };

const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Unique request ids: a random prefix per process and a counter. Not secrets, only labels. */
export function requestIds(): () => string {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  return () => `${prefix}-${(++counter).toString(36)}`;
}

export function requestContext(
  log: Logger,
  metrics: Metrics,
): MiddlewareHandler<{ Variables: RequestVariables }> {
  const nextId = requestIds();
  const observed = new Map<string, { count(): void; observe(seconds: number): void }>();
  const observer = (method: string, route: string, status: string) => {
    const key = `${method} ${status} ${route}`;
    let found = observed.get(key);
    if (!found) {
      const counter = metrics.httpRequests.labels(method, route, status);
      const histogram = metrics.httpDuration.labels(method, route, status);
      found = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
      // Routes are patterns, not paths, so the label sets stay few; the cap is a guard only.
      if (observed.size < 1000) observed.set(key, found);
    }
    return found;
  };
  const debug = log.enabled('debug');
  return async (c, next) => {
    const given = requestHeader(c, 'x-request-id');
    const requestId = given !== undefined && SANE_ID.test(given) ? given : nextId();
    c.set('requestId', requestId);
    c.set('log', new RequestLog(log, requestId));
    // Before the handler runs, so every answer carries them at no extra cost.
    const outgoing = nodeResponse(c);
    if (outgoing) {
      outgoing.setHeader('X-Request-Id', requestId);
      outgoing.setHeader('X-Content-Type-Options', 'nosniff');
    } else {
      c.header('X-Request-Id', requestId);
      c.header('X-Content-Type-Options', 'nosniff');
    }
    const started = performance.now();
    await next();
    const route = routePath(c, -1) || 'unmatched';
    const status = String(c.res.status);
    const seconds = (performance.now() - started) / 1000;
    const metric = observer(c.req.method, route, status);
    metric.count();
    metric.observe(seconds);
    if (debug) {
      log.debug('request', {
        request_id: requestId,
        method: c.req.method,
        route,
        status,
        path: c.req.path,
        ms: Math.round(seconds * 1000),
      });
    }
  };
}

/** The request's logger (with its request_id): the child logger is made only when a line is written. */
class RequestLog implements Logger {
  #child: Logger | undefined;
  constructor(
    private readonly log: Logger,
    private readonly requestId: string,
  ) {}
  private get target(): Logger {
    this.#child ??= this.log.child({ request_id: this.requestId });
    return this.#child;
  }
  debug(msg: string, fields?: LogFields) {
    this.target.debug(msg, fields);
  }
  info(msg: string, fields?: LogFields) {
    this.target.info(msg, fields);
  }
  warn(msg: string, fields?: LogFields) {
    this.target.warn(msg, fields);
  }
  error(msg: string, fields?: LogFields) {
    this.target.error(msg, fields);
  }
  child(fields: LogFields): Logger {
    return this.target.child(fields);
  }
  enabled(level: LogLevel): boolean {
    return this.log.enabled(level);
  }
}

/**
 * A request header, read from the Node request when there is one: `c.req.header` makes the
 * adapter build a full web `Headers` object from every header the client sent.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.headers) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(name);
}

/** The Node response under @hono/node-server (absent for in-process `app.request`). */
function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent ? outgoing : undefined;
}
