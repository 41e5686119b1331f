import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS, RequestMetrics } from '../../../src/server/http/request-metrics.js';

const observations: [string, string, number, number][] = [
  ['GET', '/healthz', 200, 0.0007],
  ['GET', '/healthz', 200, 0.001],
  ['GET', '/healthz', 200, 0.03],
  ['GET', '/checkout/api/orders/:payment_uid', 304, 0.004],
  ['POST', '/gateway/api/order/new', 400, 9],
];

describe('request metrics', () => {
  it('write the same exposition as prom-client’s own Counter and Histogram for the same requests', async () => {
    const tallied = new Registry();
    const metrics = new RequestMetrics(tallied);
    const reference = new Registry();
    const labelNames = ['method', 'route', 'status'];
    const counter = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames,
      registers: [reference],
    });
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route and status',
      labelNames,
      buckets: [...LATENCY_BUCKETS],
      registers: [reference],
    });
    for (const [method, route, status, seconds] of observations) {
      metrics.observe(method, route, status, seconds);
      counter.labels(method, route, String(status)).inc();
      histogram.labels(method, route, String(status)).observe(seconds);
    }
    const text = await tallied.metrics();
    expect(text).toBe(await reference.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="/healthz",status="200"} 2',
    );
    expect(text).toContain(
      'http_requests_total{method="POST",route="/gateway/api/order/new",status="400"} 1',
    );
  });
});
