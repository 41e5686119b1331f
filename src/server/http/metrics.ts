/**
 * Prometheus metrics: requests and latency by route and status, orders created by kind, and the
 * process's own (event-loop delay since the last scrape, resident memory, CPU, heap).
 */
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics.js';

export interface Metrics {
  readonly registry: Registry;
  /** http_requests_total and http_request_duration_seconds. */
  readonly requests: RequestMetrics;
  readonly ordersCreated: Counter<'transaction_type' | 'payterm'>;
  readonly callbackAttempts: Counter<'outcome'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new RequestMetrics(registry),
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
