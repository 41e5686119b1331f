/**
 * `GET /metrics` (Prometheus text). app.ts serves it on the service port behind the operator
 * token; with METRICS_PORT, service.ts serves it alone on its own listener (loopback by default)
 * and the service port does not serve it at all.
 */
import { Hono } from 'hono';
import type { Metrics } from './metrics.js';
import { METRICS } from './service-api.js';

export function metricsRoutes(metrics: Metrics): Hono {
  const app = new Hono();
  METRICS.register(app, async (c) => {
    c.header('Content-Type', metrics.registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics());
  });
  return app;
}
