/**
 * How a route describes itself and takes its input (docs/decisions/0016-openapi-from-routes.md).
 * Each route is registered through its `ApiRoute`: its method and path, the zod schemas of its path
 * parameters, query and body, and hono-openapi's description of it (the summary, those schemas,
 * the answers and the error statuses), carried by the registered handler. Registering a route runs
 * its schemas before the handler, which reads the parsed input with Hono's `c.req.valid('param')`,
 * `c.req.valid('query')` and `c.req.valid('json')`, typed by the schemas; input a schema refuses is
 * answered in the interface's error shape naming the field (http/input-error.ts).
 * `/openapi.json` is generated from the app's registered routes, and the operator CLI's client
 * calls the same definitions.
 *
 *   SHOW_MERCHANT.register(app, async (c) => { const { uid } = c.req.valid('param'); ... })
 *
 * The description and the validation ride on the handler itself rather than on middleware before
 * it, so that a route without middleware is a single handler to Hono, which then answers it without
 * composing a middleware chain (no promise per step); a route without schemas is registered as its
 * handler alone (docs/decisions/0020-http-path.md).
 */
import type { Env, Handler, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { ErrorStatus } from '../../shared/error-codes.js';
import type { InputErrors } from './input-error.js';
import type { BodyReader } from './read-body.js';
import { describeApiRoute, inputJsonSchema } from './route-description.js';
import { routeHandlers } from './route-input.js';

export type Method = 'get' | 'post' | 'patch' | 'delete';
export type ApiTag = 'merchant' | 'payer' | 'ingest' | 'operator' | 'console' | 'portal' | 'service';
/**
 * Who may call: a signed merchant request, an operator (token or console session), a merchant's
 * user (a portal session), or anyone.
 */
export type ApiAuth = 'signed' | 'operator' | 'portal' | 'public';

type Schema = z.core.$ZodType;
/** A JSON Schema written out, for bodies that are not JSON (statements, e-mails, event streams). */
type RawSchema = Readonly<Record<string, unknown>>;

/** `/merchants/:uid/keys/:key` → `'uid' | 'key'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The path parameters: an object with one string for each `:name` of the path (`.describe()` each);
 * a path with parameters must be given it.
 */
export type ParamsOf<P extends string, R> = [PathParams<P>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: R & z.core.$ZodType<unknown, { readonly [K in PathParams<P>]: string }> };

export interface ApiAnswer {
  readonly description: string;
  /** `data` of the success envelope; the envelope itself is added. */
  readonly data?: Schema;
  /** JSON without the success envelope (the health checks answer so). */
  readonly json?: Schema;
  /** A body that is not JSON, by media type (a file, an event stream, text). */
  readonly media?: Readonly<Record<string, RawSchema>>;
  readonly example?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What a route's definition says besides its name, method, path and audience. */
export interface RouteParts<B extends Schema | undefined, Q extends Schema | undefined> {
  readonly summary: string;
  readonly description?: string;
  /** The query parameters: an object of optional (or defaulted) strings, `.describe()` each. */
  readonly query?: Q;
  /** The body's zod schema, run on what `read` reads (a JSON object unless told). */
  readonly body?: B;
  /** How the body is read before `body` validates it (http/read-body.ts); `readJsonObject` unless told. */
  readonly read?: BodyReader;
  /** Other media types of the body (form, text, files); a body only of these is read by the handler. */
  readonly bodyMedia?: Readonly<Record<string, RawSchema>>;
  readonly bodyExample?: unknown;
  /** The error answered for input the schemas refuse: the first issue as invalid_field unless told. */
  readonly invalid?: InputErrors;
  /** The answers that are not errors, by status. */
  readonly answers: Readonly<Record<number, ApiAnswer>>;
  /**
   * The error statuses the route answers with, besides those every route may give and those its
   * audience, body and path parameters imply (route-description.ts): none unless told.
   */
  readonly errors?: readonly ErrorStatus[];
}

export interface ApiRouteSpec<
  M extends Method,
  P extends string,
  B extends Schema | undefined,
  Q extends Schema | undefined,
> extends RouteParts<B, Q> {
  /** The operationId: unique in the document, and the name the typed client uses. */
  readonly id: string;
  readonly method: M;
  /** Hono's path below the folder's mount point (`/merchants/:uid`). */
  readonly path: P;
  readonly tag: ApiTag;
  readonly auth: ApiAuth;
}

/** Any route's definition, as the description and the input read it. */
export type AnySpec = ApiRouteSpec<Method, string, Schema | undefined, Schema | undefined> & {
  readonly params?: Schema | undefined;
};

type Parsed<S> = S extends Schema ? z.core.output<S> : never;
type Given<S> = S extends Schema ? z.core.input<S> : never;

type Nothing = Record<never, never>;

/** What a route's handler reads with `c.req.valid(...)`: the output of each schema it has. */
export type RouteInput<B, Q, R> = {
  in: (B extends Schema ? { json: Given<B> } : Nothing) &
    (Q extends Schema ? { query: Given<Q> } : Nothing) &
    (R extends Schema ? { param: Given<R> } : Nothing);
  out: (B extends Schema ? { json: Parsed<B> } : Nothing) &
    (Q extends Schema ? { query: Parsed<Q> } : Nothing) &
    (R extends Schema ? { param: Parsed<R> } : Nothing);
};

export interface ApiRoute<
  M extends Method = Method,
  P extends string = string,
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  R extends Schema | undefined = Schema | undefined,
> {
  readonly id: string;
  readonly method: M;
  readonly path: P;
  readonly body: B;
  readonly query: Q;
  readonly params: R;
  /** The answers that are not errors, by status, as the document describes them. */
  readonly answers: Readonly<Record<number, ApiAnswer>>;
  /** The media types the body may come in (application/json with a body schema): none for a route without a body. */
  readonly bodyTypes: readonly string[];
  /**
   * Registers `handler` as this route of `app`: the route's schemas run first and the handler reads
   * their output with `c.req.valid(...)`; the handler carries the route's description for the
   * generator. A middleware given before it (a lookup or a limit that must come before the body is
   * read) runs once the path and query are validated, before the body is read.
   */
  register<E extends Env>(app: Hono<E>, handler: Handler<E, P, RouteInput<B, Q, R>>): void;
  register<E extends Env>(
    app: Hono<E>,
    middleware: MiddlewareHandler<E, P, RouteInput<undefined, Q, R>>,
    handler: Handler<E, P, RouteInput<B, Q, R>>,
  ): void;
}

/** The names of a path's parameters (`/merchants/:uid/keys/:key` → uid, key). */
export function pathNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

/** A route whose path parameters and their schema disagree cannot be defined. */
function checkParams(spec: AnySpec): void {
  const named = pathNames(spec.path).sort();
  const given = spec.params ? Object.keys(inputJsonSchema(spec.params).properties ?? {}).sort() : [];
  if (named.join() !== given.join()) {
    throw new Error(
      `${spec.id}: the params schema names ${given.join(', ') || 'nothing'}; the path ${spec.path} has ${named.join(', ') || 'none'}`,
    );
  }
}

const DEFINITION = Symbol('route definition');

/** The definition a registered handler was registered with; undefined for a handler registered otherwise. */
export function definitionOf(handler: unknown): ApiRoute | undefined {
  return typeof handler === 'function' ? (handler as { [DEFINITION]?: ApiRoute })[DEFINITION] : undefined;
}

export function apiRoute<
  const M extends Method,
  const P extends string,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
>(spec: ApiRouteSpec<M, P, B, Q> & ParamsOf<P, R>): ApiRoute<M, P, B, Q, R> {
  checkParams(spec);
  const description = describeApiRoute(spec);
  const route: ApiRoute<M, P, B, Q, R> = {
    id: spec.id,
    method: spec.method,
    path: spec.path,
    body: spec.body as B,
    query: spec.query as Q,
    params: spec.params as R,
    answers: spec.answers,
    bodyTypes: [...(spec.body ? ['application/json'] : []), ...Object.keys(spec.bodyMedia ?? {})],
    register: <E extends Env>(
      app: Hono<E>,
      ...given:
        | [Handler<E, P, RouteInput<B, Q, R>>]
        | [MiddlewareHandler<E, P, RouteInput<undefined, Q, R>>, Handler<E, P, RouteInput<B, Q, R>>]
    ) => {
      const [middleware, handler] = given.length === 2 ? given : [undefined, given[0]];
      const handlers = routeHandlers(
        spec,
        handler,
        middleware as MiddlewareHandler<E, P, RouteInput<B, Q, R>>,
      );
      // The last handler carries the description and the definition (definitionOf).
      const last = handlers[handlers.length - 1] as Handler<E, P, RouteInput<B, Q, R>>;
      Object.assign(last, description, { [DEFINITION]: route });
      if (handlers.length === 2) app.on(spec.method, spec.path, handlers[0], last);
      else app.on(spec.method, spec.path, last);
    },
  };
  return route;
}
