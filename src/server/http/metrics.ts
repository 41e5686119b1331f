/**
 * Prometheus metrics: requests and latency by route and status, orders created by kind, silent
 * credit sources, and the
 * process's own (event-loop delay since the last scrape, resident memory, CPU, heap).
 */
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics.js';

export interface Metrics {
  readonly registry: Registry;
  /** http_requests_total and http_request_duration_seconds. */
  readonly requests: RequestMetrics;
  readonly ordersCreated: Counter<'transaction_type' | 'payterm'>;
  readonly callbackAttempts: Counter<'outcome'>;
  /** How many SMS credit sources are silent, as the last watch pass found (credits/commands/watch-sources.ts). */
  readonly silentSources: Gauge;
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
    silentSources: new Gauge({
      name: 'credit_sources_silent',
      help: 'SMS credit sources expected to be active with no text or heartbeat for SOURCE_SILENCE_MINUTES',
      registers: [registry],
    }),
  };
}
