/**
 * The OpenAPI 3.1 description, generated from the app's registered routes: each route carries its
 * description (http/api-route.ts, hono-openapi's `describeRoute`) with the zod schemas that
 * validate its requests (docs/decisions/0016-openapi-from-routes.md). The callback the service
 * POSTs to notify_url is described under `webhooks`.
 */
import type { Env, Hono } from 'hono';
import type { Schema } from 'hono/types';
import { generateSpecs } from 'hono-openapi';
import { z } from 'zod';
import { CallbackBodySchema } from '../../shared/order-view-schemas.js';
import { GATEWAY_API_ALIAS_PREFIX, GATEWAY_API_PREFIX } from '../gateway/gateway-api.js';
import type { ApiTag } from '../http/api-route.js';

/**
 * The routes left out of the document, and why. The route test fails on any other registered
 * route that the document does not describe.
 */
export const UNDOCUMENTED_ROUTES: readonly { method: string; path: string; why: string }[] = [
  { method: 'GET', path: '/checkout', why: "the payer's page (HTML), not an API" },
  { method: 'GET', path: '/checkout/', why: "the payer's page (HTML), not an API" },
  { method: 'GET', path: '/checkout/:payment_uid', why: "the payer's page (HTML), not an API" },
  { method: 'GET', path: '/checkout/assets/*', why: "the payer page's static files" },
  { method: 'GET', path: '/console', why: 'a redirect to the console page' },
  { method: 'GET', path: '/console/', why: "the operator console's page (HTML), not an API" },
  { method: 'GET', path: '/console/assets/*', why: "the console page's static files" },
];

const TAGS: readonly { name: ApiTag; description: string }[] = [
  {
    name: 'merchant',
    description: `The signed merchant API (OC-Key, OC-Signature). Every operation under ${GATEWAY_API_PREFIX}/ also answers under ${GATEWAY_API_ALIAS_PREFIX}/ (the same handler and signing), for clients that hard-code that prefix.`,
  },
  { name: 'payer', description: "The payer page's API: the order's payer-safe view, UTR claims" },
  { name: 'ingest', description: 'Bank alerts forwarded by phones and mailboxes, by a per-source token' },
  {
    name: 'operator',
    description: 'The operator API: bearer token of root or a named operator, or a console session',
  },
  { name: 'console', description: "The operator console's sign-in" },
  {
    name: 'portal',
    description:
      "The merchant portal's API: a merchant's own users, by a portal session (merchant_session cookie)",
  },
  { name: 'service', description: 'Health, readiness, metrics and this document' },
];

const DESCRIPTION =
  'Payment orders for India (UPI and IMPS), the payer-facing checkout API and the operator API.\n\n' +
  'Every answer is JSON in one of two envelopes: `{"result":"success","data":...}` or ' +
  '`{"result":"error","data":{"error":code,"details":...,"request_id":...}}`.\n\n' +
  'Callbacks to notify_url (see webhooks): delivered at least once (deduplicate by payment_uid and status_seq); ' +
  'status_seq increases with every status change and orders them (ignore a lower one); an ' +
  'intermediate status may be skipped when a newer one is already due (the current state is ' +
  'sent), so do not rely on seeing processing; the final status is always delivered while ' +
  'attempts remain (16 over about 24 hours). A merchant whose endpoint does not answer is ' +
  'backed off without delaying other merchants or losing its callbacks.';

/** A zod schema named with `.meta({ id })` as a component schema (zod puts it under $defs). */
function componentSchema(schema: z.core.$ZodType, id: string): { type: 'object' } {
  const generated = z.toJSONSchema(schema, { io: 'output' }) as {
    $defs?: Record<string, { type: 'object' }>;
  };
  const named = generated.$defs?.[id];
  if (!named) throw new Error(`${id}: the schema has no .meta({ id: '${id}' })`);
  return named;
}

export async function openApiDocument<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
  baseUrl: string,
) {
  return generateSpecs(app, {
    defaultValidationErrorResponse: false,
    // /openapi.json ends in a file name: the library would take it for a static file.
    excludeStaticFile: false,
    // The alias repeats the merchant operations under another prefix: named in the tag instead.
    exclude: [new RegExp(`^${GATEWAY_API_ALIAS_PREFIX}/`)],
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'UPI gateway',
        version: '1.0.0',
        description: DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: baseUrl }],
      tags: [...TAGS],
      webhooks: {
        callback: {
          post: {
            operationId: 'callback',
            summary: "The order's state, POSTed to the order's notify_url after each status change",
            description:
              'Signed like a merchant request: OC-Key is the key the order was created with, OC-Signature is HMAC-SHA256 over the body fields. Answer HTTP 2xx with the body SUCCESS (any case), or a JSON object whose status or result is success or ok (any case); anything else is retried. A merchant set to callback_statuses final is called back only for completed, reject, refund, failed and overdue.',
            security: [],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/CallbackBody' },
                  example: {
                    merchant_order_id: 'SHOP-1001',
                    merchant_uid: 'a3c5e7f9-0000-4000-8000-000000000001',
                    merchant_name: 'Chai Point',
                    payment_uid: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b',
                    order_uid: 'ORD-7Q2K9M',
                    transaction_type: 'income',
                    payterm: 'UPI',
                    currency: 'INR',
                    amount: '199.00',
                    final_amount: '199.00',
                    payment_status: 'completed',
                    serial_number: '612345678901',
                    status_seq: '2',
                    updated_at: '2026-11-23T09:30:00.000Z',
                    notified_at: '2026-11-23T09:30:01.000Z',
                  },
                },
              },
            },
            responses: {
              '200': {
                description: 'Acknowledged: the body is SUCCESS, or JSON with status or result success or ok',
                content: {
                  'text/plain': { schema: { type: 'string', const: 'SUCCESS' } },
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { status: { type: 'string' }, result: { type: 'string' } },
                      additionalProperties: true,
                    },
                    example: { status: 'success', message: 'OK' },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: { CallbackBody: componentSchema(CallbackBodySchema, 'CallbackBody') },
        securitySchemes: {
          ocKey: { type: 'apiKey', in: 'header', name: 'OC-Key', description: 'The API key' },
          ocSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'OC-Signature',
            description:
              'HMAC-SHA256 (lower-case hex) over all body fields sorted by name, joined as name=value with &.',
          },
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'OPERATOR_TOKEN or a named operator token',
          },
          consoleSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'console_session',
            description: 'A console session (with X-CSRF-Token on changes)',
          },
          merchantSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'merchant_session',
            description:
              "A merchant portal session (with X-CSRF-Token on changes): the user's own merchant only",
          },
        },
      },
    },
  });
}
