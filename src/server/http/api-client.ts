/**
 * A typed client of the routes' own definitions (http/api-route.ts): the path parameters come
 * from the route's path, the query parameters and the JSON body's type from the zod schemas the
 * route runs, so a call cannot name a route, a parameter or a field the service does not have.
 * The operator CLI uses it (docs/decisions/0016-openapi-from-routes.md).
 */
import type { z } from 'zod';
import type { ApiRoute, PathParams } from './api-route.js';

type ParamsInput<P extends string> = [PathParams<P>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: Readonly<Record<PathParams<P>, string>> };

/**
 * A JSON body typed by the route's schema (left out when every field is optional), or raw text for
 * a route that takes another media type.
 */
type BodyInput<B> = B extends z.ZodType
  ? Record<never, never> extends z.input<B>
    ? { readonly body?: z.input<B> }
    : { readonly body: z.input<B> }
  : { readonly text?: string; readonly contentType?: string };

/** The query parameters the route's schema names, as text. */
type QueryInput<Q> = Q extends z.ZodType
  ? { readonly query?: { readonly [K in keyof z.input<Q>]?: string | undefined } }
  : { readonly query?: undefined };

export type CallInput<R extends ApiRoute> = ParamsInput<R['path']> &
  BodyInput<R['body']> &
  QueryInput<R['query']> & {
    readonly headers?: Readonly<Record<string, string>>;
  };

export interface ApiClientOptions {
  /** The service's address, e.g. http://localhost:8080. */
  readonly baseUrl: string;
  /** Where the routes are mounted, e.g. /operator/api. */
  readonly prefix: string;
  /** Headers every request carries (credentials). */
  readonly headers?: () => Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

export type ApiClient = <R extends ApiRoute>(route: R, input: CallInput<R>) => Promise<Response>;

/** The URL of a call: path parameters filled in (encoded), empty query values left out. */
export function callUrl(
  options: Pick<ApiClientOptions, 'baseUrl' | 'prefix'>,
  route: ApiRoute,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string | undefined>> = {},
): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.id}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(name, value);
  const tail = search.size > 0 ? `?${search}` : '';
  return `${options.baseUrl.replace(/\/+$/, '')}${options.prefix}${path}${tail}`;
}

export function apiClient(options: ApiClientOptions): ApiClient {
  const send = options.fetch ?? fetch;
  return (route, input) => {
    const given = input as {
      params?: Record<string, string>;
      query?: Record<string, string | undefined>;
      headers?: Record<string, string>;
      body?: unknown;
      text?: string;
      contentType?: string;
    };
    const payload =
      given.body !== undefined
        ? { body: JSON.stringify(given.body), type: 'application/json' }
        : given.text !== undefined
          ? { body: given.text, type: given.contentType ?? 'text/plain' }
          : undefined;
    return send(callUrl(options, route, given.params, given.query), {
      method: route.method.toUpperCase(),
      headers: {
        ...options.headers?.(),
        ...(payload ? { 'Content-Type': payload.type } : {}),
        ...given.headers,
      },
      ...(payload ? { body: payload.body } : {}),
    });
  };
}
