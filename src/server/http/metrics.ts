/**
 * Prometheus metrics: requests and latency by route and status, orders created by kind, and the
 * process's own (event-loop delay since the last scrape, resident memory, CPU, heap).
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly ordersCreated: Counter<'transaction_type' | 'payterm'>;
  readonly callbackAttempts: Counter<'outcome'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    ordersCreated: new Counter({
      name: 'orders_created_total',
      help: 'Orders created by kind and payment instrument',
      labelNames: ['transaction_type', 'payterm'],
      registers: [registry],
    }),
    callbackAttempts: new Counter({
      name: 'callback_attempts_total',
      help: 'Callback delivery attempts by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}
