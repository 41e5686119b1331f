/**
 * Per-request middleware: a request id (taken from X-Request-Id when sane, else new) on the
 * response, in every log line and in every error body; `X-Content-Type-Options: nosniff` on every
 * answer; one access-log line and the metrics.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../log.js';
import type { Metrics } from './metrics.js';

export type RequestVariables = { requestId: string; log: Logger };

export function requestContext(
  log: Logger,
  metrics: Metrics,
): MiddlewareHandler<{ Variables: RequestVariables }> {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const requestId = given && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    const requestLog = log.child({ request_id: requestId });
    c.set('requestId', requestId);
    c.set('log', requestLog);
    const started = performance.now();
    // Set before the handler runs, so every answer the app renders carries it at no extra cost.
    c.header('X-Content-Type-Options', 'nosniff');
    await next();
    c.header('X-Request-Id', requestId);
    const route = routePath(c, -1) || 'unmatched';
    const labels = { method: c.req.method, route, status: String(c.res.status) };
    const seconds = (performance.now() - started) / 1000;
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, seconds);
    requestLog.debug('request', { ...labels, path: c.req.path, ms: Math.round(seconds * 1000) });
  };
}
