/**
 * How a route describes itself (docs/decisions/0016-openapi-from-routes.md). Each route is
 * registered through its `ApiRoute`: its method and path, and hono-openapi's description of it
 * (the summary, the request body's zod schema that the handler validates with, the answers and
 * the error statuses), carried by the registered handler. `/openapi.json` is generated from the
 * app's registered routes, and the operator CLI's client calls the same definitions.
 *
 *   CREATE_MERCHANT.register(app, async (c) => ...)
 *
 * The description rides on the handler itself rather than on a middleware before it, so that a
 * route without middleware is a single handler to Hono, which then answers it without composing
 * a middleware chain (no promise per step) (docs/decisions/0020-http-path.md).
 */
import type { Env, Handler, Hono } from 'hono';
import { type DescribeRouteOptions, describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import type { ErrorStatus } from '../../shared/error-codes.js';

export type Method = 'get' | 'post' | 'patch' | 'delete';
export type ApiTag = 'merchant' | 'payer' | 'ingest' | 'operator' | 'console' | 'service';
/** Who may call: a signed merchant request, an operator (token or console session), or anyone. */
export type ApiAuth = 'signed' | 'operator' | 'public';

type Schema = z.core.$ZodType;
/** A JSON Schema written out, for bodies that are not JSON (statements, e-mails, event streams). */
type RawSchema = Readonly<Record<string, unknown>>;

export interface ApiAnswer {
  readonly description: string;
  /** `data` of the success envelope; the envelope itself is added. */
  readonly data?: Schema;
  /** A body that is not the JSON envelope, by media type (a file, an event stream). */
  readonly media?: Readonly<Record<string, RawSchema>>;
  readonly example?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ApiRouteSpec<M extends Method, P extends string, B extends Schema | undefined> {
  /** The operationId: unique in the document, and the name the typed client uses. */
  readonly id: string;
  readonly method: M;
  /** Hono's path below the folder's mount point (`/merchants/:uid`). */
  readonly path: P;
  readonly tag: ApiTag;
  readonly auth: ApiAuth;
  readonly summary: string;
  readonly description?: string;
  /** The JSON body's zod schema: the handler validates with this same schema. */
  readonly body?: B;
  /** Other media types of the body (form, text, files). */
  readonly bodyMedia?: Readonly<Record<string, RawSchema>>;
  readonly bodyExample?: unknown;
  /** Query parameters: name and what it does. */
  readonly query?: Readonly<Record<string, string>>;
  /** Path parameters: name and what it is (all strings). */
  readonly params?: Readonly<Record<string, string>>;
  /** The answers that are not errors, by status. */
  readonly answers: Readonly<Record<number, ApiAnswer>>;
  /** The error statuses the route answers with, besides those every route may give. */
  readonly errors: readonly ErrorStatus[];
}

export interface ApiRoute<
  M extends Method = Method,
  P extends string = string,
  B extends Schema | undefined = Schema | undefined,
> {
  readonly id: string;
  readonly method: M;
  readonly path: P;
  readonly body: B;
  /** Registers `handler` as this route of `app`, carrying the route's description for the generator. */
  register<E extends Env>(app: Hono<E>, handler: Handler<E, P>): void;
}

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
    }),
  })
  .meta({ id: 'ErrorEnvelope' });

/** The success envelope around `data`. */
export function successEnvelope(data: Schema) {
  return z.object({ result: z.literal('success'), data });
}

/** Any object: for answers whose fields are listed in the description and the example. */
export const AnyObject = z.looseObject({});

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
  public: [],
};

/** Every route may answer 400 (a bad request target) and 500; the others follow from the route's auth and body. */
function errorStatuses(spec: ApiRouteSpec<Method, string, Schema | undefined>): ErrorStatus[] {
  const implied: ErrorStatus[] = [400, 500];
  if (spec.auth === 'operator') implied.push(401);
  if (spec.auth === 'signed') implied.push(401, 403);
  if (spec.body || spec.bodyMedia) implied.push(413);
  return [...new Set([...spec.errors, ...implied])].sort();
}

export function apiRoute<
  const M extends Method,
  const P extends string,
  B extends Schema | undefined = undefined,
>(spec: ApiRouteSpec<M, P, B>): ApiRoute<M, P, B> {
  const parameters = [
    ...Object.entries(spec.params ?? {}).map(([name, description]) => ({
      name,
      in: 'path' as const,
      required: true,
      description,
      schema: { type: 'string' as const },
    })),
    ...Object.entries(spec.query ?? {}).map(([name, description]) => ({
      name,
      in: 'query' as const,
      required: false,
      description,
      schema: { type: 'string' as const },
    })),
  ];
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
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(Object.keys(bodyContent).length > 0 ? { requestBody: { required: true, content: bodyContent } } : {}),
    responses: {
      ...Object.fromEntries(Object.entries(spec.answers).map(([status, value]) => [status, answer(value)])),
      ...Object.fromEntries(errors.map((status) => [String(status), errorAnswer(status)])),
    },
  };
  // describeRoute makes a middleware that carries the description under hono-openapi's symbol; the
  // generator reads that symbol from whichever registered handler has it, so the route's own
  // handler carries it and no pass-through runs per request.
  const description = describeRoute(described as DescribeRouteOptions);
  return {
    id: spec.id,
    method: spec.method,
    path: spec.path,
    body: spec.body as B,
    register: (app, handler) => {
      app.on(spec.method, spec.path, Object.assign(handler, description));
    },
  };
}
