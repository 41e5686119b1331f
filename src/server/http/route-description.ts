/**
 * What `/openapi.json` says of a route (http/api-route.ts): hono-openapi's description, written
 * from the route's definition (its parameters, body, answers and error statuses). Every error
 * status is described by the one error envelope, with an example.
 */
import { type DescribeRouteOptions, describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import type { ErrorStatus } from '../../shared/error-codes.js';
import type { AnySpec, ApiAnswer, ApiAuth } from './api-route.js';
import { readOptionalJson } from './read-body.js';

type Schema = z.core.$ZodType;

/** What each error status means here; every error body is the error envelope. */
const ERROR_MEANING: Readonly<
  Record<ErrorStatus, { readonly why: string; readonly code: string; readonly details: string }>
> = {
  400: {
    why: 'Invalid body, field or parameter',
    code: 'invalid_field',
    details: 'amount: must be a decimal amount like 100.00',
  },
  401: {
    why: 'Missing or unknown credentials, or a bad signature',
    code: 'unauthorized',
    details: 'missing operator token',
  },
  403: {
    why: 'Not allowed',
    code: 'forbidden',
    details: 'operators: only the root operator manages operators',
  },
  404: { why: 'No such thing', code: 'not_found', details: 'payment_uid: no such order' },
  408: {
    why: 'The request took too long to arrive',
    code: 'request_timeout',
    details: 'request: not received in time',
  },
  417: {
    why: 'An Expect header other than 100-continue',
    code: 'expectation_failed',
    details: 'Expect: only 100-continue is understood',
  },
  409: {
    why: 'Conflicts with the current state',
    code: 'invalid_transition',
    details: 'status: cannot go from success to failed',
  },
  413: { why: 'Body too large', code: 'payload_too_large', details: 'body: larger than 16384 bytes' },
  415: {
    why: 'Unsupported media type',
    code: 'unsupported_media_type',
    details: 'body: send application/json',
  },
  422: {
    why: 'Outside limits or balance',
    code: 'amount_out_of_range',
    details: 'amount: must be between 1.00 and 100000.00 for UPI',
  },
  429: {
    why: 'Too many requests (Retry-After says when to try again)',
    code: 'rate_limited',
    details: 'too many requests; try again shortly',
  },
  431: { why: 'Headers too large', code: 'headers_too_large', details: 'headers: too large' },
  500: {
    why: 'Internal error (the request id is logged)',
    code: 'internal_error',
    details: 'internal error; request id 3f6c2a1e9b7d4c10',
  },
};

/** Every error answer: `{"result":"error","data":{"error":code,"details":...,"request_id":...}}`. */
export const ErrorEnvelopeSchema = z
  .object({
    result: z.literal('error'),
    data: z.object({
      error: z.string().describe('A stable code (invalid_field, not_found, ...)'),
      details: z.string().describe('Which field or thing, and why'),
      request_id: z.string().describe('The X-Request-Id of the request'),
      credit_amount: z
        .string()
        .optional()
        .describe(
          'credit_mismatch only: the amount of the known bank credit the UTR belongs to (two decimals)',
        ),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });

/** The success envelope around `data`. */
export function successEnvelope(data: Schema) {
  return z.object({ result: z.literal('success'), data });
}

function errorAnswer(status: ErrorStatus) {
  const { why, code, details } = ERROR_MEANING[status];
  return {
    description: why,
    content: {
      'application/json': {
        schema: resolver(ErrorEnvelopeSchema),
        example: { result: 'error', data: { error: code, details, request_id: '3f6c2a1e9b7d4c10' } },
      },
    },
  };
}

function answer(spec: ApiAnswer) {
  const content = spec.media
    ? Object.fromEntries(Object.entries(spec.media).map(([type, schema]) => [type, { schema }]))
    : spec.json
      ? { 'application/json': { schema: resolver(spec.json as z.ZodType) } }
      : spec.data
        ? {
            'application/json': {
              schema: resolver(successEnvelope(spec.data)),
              ...(spec.example === undefined ? {} : { example: { result: 'success', data: spec.example } }),
            },
          }
        : undefined;
  return {
    description: spec.description,
    ...(content ? { content } : {}),
    ...(spec.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(spec.headers).map(([name, description]) => [
              name,
              { description, schema: { type: 'string' } },
            ]),
          ),
        }
      : {}),
  };
}

const SECURITY: Record<ApiAuth, Record<string, string[]>[]> = {
  signed: [{ ocKey: [], ocSignature: [] }],
  operator: [{ operatorToken: [] }, { consoleSession: [] }],
  portal: [{ merchantSession: [] }],
  public: [],
};

/**
 * Every route may answer 400 (a bad request target) and 500; the others follow from the route's
 * auth, its body and its path (a path parameter names a thing there may be none of: 404).
 */
function errorStatuses(spec: AnySpec): ErrorStatus[] {
  const implied: ErrorStatus[] = [400, 500];
  if (spec.auth === 'operator' || spec.auth === 'portal') implied.push(401);
  if (spec.auth === 'signed') implied.push(401, 403);
  if (spec.body || spec.bodyMedia) implied.push(413);
  if (spec.params) implied.push(404);
  return [...new Set([...(spec.errors ?? []), ...implied])].sort();
}

interface JsonObjectSchema {
  readonly properties?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required?: readonly string[];
}

/** The JSON Schema of what a request part's schema takes (its input), which names its fields. */
export function inputJsonSchema(schema: Schema): JsonObjectSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObjectSchema;
}

/** The OpenAPI parameters of a path or query schema: one per field, its description lifted out. */
function parametersOf(schema: Schema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const { properties = {}, required = [] } = inputJsonSchema(schema);
  return Object.entries(properties).map(([name, { description, ...fieldSchema }]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    ...(typeof description === 'string' ? { description } : {}),
    schema: fieldSchema,
  }));
}

/** hono-openapi's description of the route: a middleware that carries it, for the handler to carry. */
export function describeApiRoute(spec: AnySpec) {
  const bodyContent = {
    ...(spec.body
      ? {
          'application/json': {
            schema: resolver(spec.body as z.ZodType),
            ...(spec.bodyExample === undefined ? {} : { example: spec.bodyExample }),
          },
        }
      : {}),
    ...Object.fromEntries(Object.entries(spec.bodyMedia ?? {}).map(([type, schema]) => [type, { schema }])),
  };
  const errors = errorStatuses(spec);
  // The schemas written out (RawSchema) are plain JSON Schema, which the library's types narrow.
  const described = {
    operationId: spec.id,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: [...SECURITY[spec.auth]],
    // Written when the document is generated (on its first request), not when the module loads.
    get parameters() {
      return [...parametersOf(spec.params, 'path'), ...parametersOf(spec.query, 'query')];
    },
    ...(Object.keys(bodyContent).length > 0
      ? { requestBody: { required: spec.read !== readOptionalJson, content: bodyContent } }
      : {}),
    responses: {
      ...Object.fromEntries(Object.entries(spec.answers).map(([status, value]) => [status, answer(value)])),
      ...Object.fromEntries(errors.map((status) => [String(status), errorAnswer(status)])),
    },
  };
  // describeRoute makes a middleware that carries the description under hono-openapi's symbol; the
  // generator reads that symbol from whichever registered handler has it, so the route's own
  // handler carries it and no pass-through runs per request.
  return describeRoute(described as DescribeRouteOptions);
}
