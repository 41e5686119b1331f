/** The service's own routes (health, readiness, metrics, the API description), as they describe themselves. */
import { z } from 'zod';
import { routeGroup } from './route-group.js';

const text = { 'text/plain': { type: 'string' } } as const;

const store = z.enum(['pglite', 'postgres']).describe('The store the service runs on');
const mode = z
  .enum(['sandbox', 'production'])
  .describe('sandbox (payments can be simulated) or production: a deployment left in sandbox shows at once');

/** Any JSON value: what an OpenAPI object holds below the fields named here. */
const JsonValue = z.json().meta({ id: 'JsonValue' });
const jsonObject = z.record(z.string(), JsonValue);

/** This document: OpenAPI 3.1 (https://spec.openapis.org/oas/v3.1.0), its top level named. */
export const OpenApiDocumentSchema = z
  .object({
    openapi: z.literal('3.1.0'),
    info: z.object({
      title: z.string(),
      description: z.string(),
      version: z.string(),
      license: z.object({ name: z.string(), identifier: z.string() }),
    }),
    servers: z.array(z.object({ url: z.string() })),
    tags: z.array(z.object({ name: z.string(), description: z.string() })),
    webhooks: jsonObject.describe('Webhooks by name (OpenAPI Path Item objects)'),
    components: z.record(z.string(), jsonObject).describe('Schemas and security schemes by name'),
    paths: z
      .record(z.string(), jsonObject)
      .describe('Operations by path and method (OpenAPI Path Item objects)'),
  })
  .meta({ id: 'OpenApiDocument' });

/** The service's own routes: public but for the metrics. */
const serviceApi = routeGroup('service', 'public');

export const HEALTH = serviceApi.get('/healthz', 'health', {
  summary: 'Liveness: the process answers',
  answers: { 200: { description: 'Alive', json: z.object({ status: z.literal('ok') }) } },
});

export const READY = serviceApi.get('/readyz', 'ready', {
  summary: 'Readiness: the store answers a query',
  answers: {
    200: {
      description: 'Ready',
      json: z.object({ status: z.literal('ready'), store, mode }),
    },
    503: {
      description: 'The store does not answer',
      json: z.object({ status: z.literal('unavailable'), store, mode }),
    },
  },
});

export const OPENAPI = serviceApi.get('/openapi.json', 'openApi', {
  summary: 'This document (OpenAPI 3.1), generated from the routes',
  answers: { 200: { description: 'The document', json: OpenApiDocumentSchema } },
});

export const METRICS = routeGroup('service', 'operator').get('/metrics', 'metrics', {
  summary: 'Prometheus metrics (on the service port only without METRICS_PORT)',
  answers: { 200: { description: 'Prometheus text exposition', media: text } },
});
