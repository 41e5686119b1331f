/**
 * The OpenAPI 3.1 description, generated from the same zod schemas that validate requests. In a
 * folder of its own, above the feature folders whose schemas it reads (they depend on http/).
 */
import { z } from 'zod';
import { ApiErrorSchema, MatchResultSchema, PayerOrderSchema } from '../../shared/payer-order.js';
import { consoleOpenApiPaths } from '../console/console-openapi.js';
import {
  CreateCreditSourceSchema,
  FixTextSchema,
  MatchCreditSchema,
  OperatorSmsSchema,
} from '../credits/credit-schemas.js';
import { CreateOrderRequestSchema } from '../gateway/order-request.js';
import {
  BlacklistSchema,
  ConfirmCreditSchema,
  CreateMerchantSchema,
  CreditSchema,
  SetStatusSchema,
} from '../operator/operator-schemas.js';

/** Named schemas (zod `.meta({ id })`) collected for components.schemas. */
const components: Record<string, unknown> = {};

function toSchema(schema: z.core.$ZodType): unknown {
  const generated = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  const { $schema: _dialect, $defs, ...rest } = generated;
  Object.assign(components, $defs ?? {});
  return JSON.parse(JSON.stringify(rest).replaceAll('#/$defs/', '#/components/schemas/'));
}

const json = (schema: z.core.$ZodType) => ({ 'application/json': { schema: toSchema(schema) } });
const errorResponse = { description: 'Error in the interface shape', content: json(ApiErrorSchema) };
const signed = [{ ocKey: [], ocSignature: [] }];
const operator = [{ operatorToken: [] }];

export function openApiDocument(baseUrl: string) {
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'UPI gateway',
      version: '1.0.0',
      description:
        'Payment orders for India (UPI and IMPS), the payer-facing checkout API and the operator API.\n\n' +
        'Callbacks to notify_url: delivered at least once (deduplicate by payment_uid and status_seq); ' +
        'status_seq increases with every status change and orders them (ignore a lower one); an ' +
        'intermediate status may be skipped when a newer one is already due (the current state is ' +
        'sent), so do not rely on seeing processing; the final status is always delivered while ' +
        'attempts remain (16 over about 24 hours). A merchant whose endpoint does not answer is ' +
        'backed off without delaying other merchants or losing its callbacks.',
    },
    servers: [{ url: baseUrl }],
    components: {
      schemas: components,
      securitySchemes: {
        ocKey: { type: 'apiKey', in: 'header', name: 'OC-Key' },
        ocSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'OC-Signature',
          description:
            'HMAC-SHA256 (lower-case hex) over all body fields sorted by name, joined as name=value with &.',
        },
        operatorToken: { type: 'http', scheme: 'bearer' },
        consoleSession: { type: 'apiKey', in: 'cookie', name: 'console_session' },
      },
    },
    paths: {
      ...consoleOpenApiPaths(json, errorResponse),
      '/gateway/api/order/new': {
        post: {
          summary: 'Create a collection (income) or payout (expense) order',
          security: signed,
          requestBody: { required: true, content: json(CreateOrderRequestSchema) },
          responses: {
            '200': {
              description:
                'Created, or the same request again: data.payment, data.payterm (the payment object) and data.payment_url',
            },
            '302': { description: 'response_type empty: redirect to payment_url' },
            default: errorResponse,
          },
        },
      },
      '/gateway/api/order/get': {
        post: {
          summary: 'Query an order by merchant_order_id',
          security: signed,
          requestBody: { required: true, content: json(z.object({ merchant_order_id: z.string() })) },
          responses: {
            '200': { description: 'All fields of the order' },
            default: errorResponse,
          },
        },
      },
      '/gateway/api/ledger/get_merchant_ledger': {
        post: {
          summary: "The merchant's balance: data.inr available, data.inr_held held",
          security: signed,
          requestBody: { required: true, content: json(z.object({ merchant_uid: z.string() })) },
          responses: { '200': { description: 'Balance' }, default: errorResponse },
        },
      },
      '/Payments/india_match': {
        post: {
          summary: "Return the payer's UTR (unsigned; rate-limited per client IP)",
          requestBody: {
            required: true,
            content: {
              ...json(z.object({ payment_uid: z.string(), serial_number: z.string() })),
              'application/x-www-form-urlencoded': {
                schema: toSchema(z.object({ payment_uid: z.string(), serial_number: z.string() })),
              },
            },
          },
          responses: {
            '200': {
              description: 'Claimed',
              content: json(z.object({ result: z.literal('success'), data: MatchResultSchema })),
            },
            default: errorResponse,
          },
        },
      },
      '/checkout/api/orders/{payment_uid}': {
        get: {
          summary: 'The payer-safe view of an order (ETag, 304 on If-None-Match)',
          parameters: [
            { name: 'payment_uid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          ],
          responses: {
            '200': {
              description: 'The order',
              content: json(z.object({ result: z.literal('success'), data: PayerOrderSchema })),
            },
            '304': { description: 'Unchanged' },
            default: errorResponse,
          },
        },
      },
      '/checkout/api/orders/{payment_uid}/events': {
        get: {
          summary:
            'The payer view as Server-Sent Events: on connect and after every change (id = change sequence; Last-Event-ID resumes), a comment every 20 s, ends after a final state',
          parameters: [
            { name: 'payment_uid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'An event stream; each event carries the same body as the poll',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
            default: errorResponse,
          },
        },
      },
      '/operator/api/merchants': {
        post: {
          summary: 'Create a merchant and its first key (the secret is shown once)',
          security: operator,
          requestBody: { required: true, content: json(CreateMerchantSchema) },
          responses: { '201': { description: 'Created' }, default: errorResponse },
        },
        get: {
          summary: 'List merchants',
          security: operator,
          responses: { '200': { description: 'Merchants' } },
        },
      },
      '/operator/api/merchants/{uid}/keys': {
        post: {
          summary: 'Issue another API key',
          security: operator,
          responses: { '201': { description: 'Key and secret (shown once)' } },
        },
      },
      '/operator/api/merchants/{uid}/keys/{key}': {
        delete: {
          summary: 'Revoke a key',
          security: operator,
          responses: { '200': { description: 'Revoked' } },
        },
      },
      '/operator/api/merchants/{uid}/disable': {
        post: {
          summary: 'Disable a merchant',
          security: operator,
          responses: { '200': { description: 'Disabled' } },
        },
      },
      '/operator/api/merchants/{uid}/blacklist': {
        post: {
          summary: 'Blacklist a payer (from_name)',
          security: operator,
          requestBody: { required: true, content: json(BlacklistSchema) },
          responses: { '201': { description: 'Added' } },
        },
      },
      '/operator/api/credits': {
        get: {
          summary:
            'Credits by state (matched, waiting, conflict, unparsed, ignored); filters merchant_uid, source_id, utr, from, to; paging limit, before (the cursor of the last row of the previous page)',
          security: operator,
          responses: {
            '200': {
              description:
                "Credits and texts in one order, newest first; each row carries its `cursor` (credit:<id> or text:<id>), a conflict its `reason`; each text carries `reading`, the bank-text parser's partial reading (amount, utr, credited_at, payer_name; null where not found)",
            },
            default: errorResponse,
          },
        },
        post: {
          summary:
            'Post a bank credit. It settles only an order whose collection account is its payee; without a payee, only when one merchant has collection accounts',
          security: operator,
          requestBody: { required: true, content: json(CreditSchema) },
          responses: {
            '201': { description: 'Posted' },
            '200': { description: 'Already posted' },
            default: errorResponse,
          },
        },
      },
      '/operator/api/credits/import': {
        post: {
          summary:
            'Import a statement: CSV (profiles sbi, hdfc, icici, axis, generic), MT940 or camt.053; query format, profile, source_id, column.<field>',
          security: operator,
          requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } },
          responses: { '200': { description: 'Per-line outcomes and a summary' }, default: errorResponse },
        },
      },
      '/operator/api/credit-sources': {
        post: {
          summary:
            "Register a credit source bound to one of a merchant's collection accounts; an sms source's ingest_token is shown once",
          security: operator,
          requestBody: { required: true, content: json(CreateCreditSourceSchema) },
          responses: { '201': { description: 'Created' }, default: errorResponse },
        },
        get: {
          summary: 'Credit sources; filter merchant_uid',
          security: operator,
          responses: { '200': { description: 'Sources' } },
        },
      },
      '/operator/api/credit-sources/{id}': {
        delete: {
          summary: 'Revoke a credit source and its token',
          security: operator,
          responses: { '200': { description: 'Revoked' }, default: errorResponse },
        },
      },
      '/ingest/sms/{token}': {
        post: {
          summary:
            'A forwarded SMS alert (JSON, form or text/plain: text|message|body|msg, from|sender|address, timestamp); unsigned, limited per token',
          responses: {
            '200': { description: 'Stored and read: outcome and reason' },
            default: errorResponse,
          },
        },
      },
      '/ingest/email/{token}': {
        post: {
          summary: 'A raw e-mail alert (RFC 822); unsigned, limited per token',
          requestBody: { required: true, content: { 'message/rfc822': { schema: { type: 'string' } } } },
          responses: {
            '200': { description: 'Stored and read: outcome and reason' },
            default: errorResponse,
          },
        },
      },
      '/operator/api/credits/sms': {
        post: {
          summary: 'Replay an alert text for a source; answers what became of it',
          security: operator,
          requestBody: { required: true, content: json(OperatorSmsSchema) },
          responses: {
            '201': { description: 'A credit' },
            '200': { description: 'No new credit' },
            default: errorResponse,
          },
        },
      },
      '/operator/api/credits/texts/{text_id}/fix': {
        post: {
          summary: 'Fix an unparsed text into a credit (note required; audited)',
          security: operator,
          requestBody: { required: true, content: json(FixTextSchema) },
          responses: { '200': { description: 'Fixed' }, default: errorResponse },
        },
      },
      '/operator/api/credits/{credit_id}/match': {
        post: {
          summary:
            'Match a waiting credit to an order by hand through the settlement path (note required; audited)',
          security: operator,
          requestBody: { required: true, content: json(MatchCreditSchema) },
          responses: { '200': { description: 'Matched' }, default: errorResponse },
        },
      },
      '/operator/api/audit': {
        get: {
          summary:
            'The audit log of manual actions, newest first; filters action, subject, actor, before, limit',
          security: operator,
          responses: { '200': { description: 'Entries' } },
        },
      },
      '/operator/api/credits/{utr}/confirm': {
        post: {
          summary:
            'Confirm which order a waiting credit without a payee belongs to (the order that claimed it, or any collection order if none did); a credit paid to another account is refused',
          security: operator,
          requestBody: { required: true, content: json(ConfirmCreditSchema) },
          responses: { '200': { description: 'Settled' }, default: errorResponse },
        },
      },
      '/operator/api/lost-claims': {
        get: {
          summary:
            'Claims that lost (a UTR another order holds, or a credit paid to another account), with both orders; filters utr, payment_uid, limit',
          security: operator,
          responses: { '200': { description: 'Lost claims, most recent first' } },
        },
      },
      '/operator/api/orders/{payment_uid}/status': {
        post: {
          summary: "Set a payout's outcome or refund a collection",
          security: operator,
          requestBody: { required: true, content: json(SetStatusSchema) },
          responses: { '200': { description: 'Changed' }, default: errorResponse },
        },
      },
    },
  };
  return document;
}
