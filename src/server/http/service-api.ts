/** The service's own routes (health, readiness, metrics, the API description), as they describe themselves. */
import { apiRoute } from './api-route.js';

const text = { 'text/plain': { type: 'string' } } as const;

export const HEALTH = apiRoute({
  id: 'health',
  method: 'get',
  path: '/healthz',
  tag: 'service',
  auth: 'public',
  summary: 'Liveness: the process answers',
  answers: {
    200: {
      description: 'Alive',
      media: { 'application/json': { type: 'object', properties: { status: { const: 'ok' } } } },
    },
  },
  errors: [],
});

export const READY = apiRoute({
  id: 'ready',
  method: 'get',
  path: '/readyz',
  tag: 'service',
  auth: 'public',
  summary: 'Readiness: the store answers a query',
  answers: {
    200: {
      description: 'Ready (status ready, store pglite or postgres)',
      media: { 'application/json': { type: 'object' } },
    },
    503: {
      description: 'The store does not answer (status unavailable)',
      media: { 'application/json': { type: 'object' } },
    },
  },
  errors: [],
});

export const OPENAPI = apiRoute({
  id: 'openApi',
  method: 'get',
  path: '/openapi.json',
  tag: 'service',
  auth: 'public',
  summary: 'This document (OpenAPI 3.1), generated from the routes',
  answers: { 200: { description: 'The document', media: { 'application/json': { type: 'object' } } } },
  errors: [],
});

export const METRICS = apiRoute({
  id: 'metrics',
  method: 'get',
  path: '/metrics',
  tag: 'service',
  auth: 'operator',
  summary: 'Prometheus metrics (on the service port only without METRICS_PORT)',
  answers: { 200: { description: 'Prometheus text exposition', media: text } },
  errors: [],
});
