/**
 * How a registered route takes its input (http/api-route.ts): its schemas run on the path, the
 * query and the body, in that order, and Hono's `c.req.valid(...)` gives their output to the
 * handler; what a schema refuses is answered in the interface's error shape (input-error.ts).
 */
import type { Context, Env, Handler, Input, MiddlewareHandler, Next } from 'hono';
import { z } from 'zod';
import type { AnySpec } from './api-route.js';
import { firstIssue } from './input-error.js';
import { readJsonObject } from './read-body.js';

type Schema = z.core.$ZodType;

/** Handlers never call `next`: each route is the last handler of its chain. */
const noNext: Next = async () => {};

/** Runs a route's schemas, each on its part of the request, and keeps the output for `c.req.valid`. */
function validator(spec: AnySpec) {
  const invalid = spec.invalid ?? firstIssue;
  const read = spec.read ?? readJsonObject;
  const parse = (schema: Schema, input: unknown, part: string): object => {
    const result = z.safeParse(schema, input);
    if (!result.success) throw invalid(result.error.issues, input, part);
    // Every request part's schema is an object's: its output is one.
    return result.data as object;
  };
  const { params, query, body } = spec;
  return {
    /** The path and the query: synchronous, so a route without a body answers in the same turn. */
    target:
      params || query
        ? (c: Context) => {
            if (params) c.req.addValidatedData('param', parse(params, c.req.param(), 'path'));
            if (query) c.req.addValidatedData('query', parse(query, c.req.query(), 'query'));
          }
        : undefined,
    body: body
      ? async (c: Context) => {
          c.req.addValidatedData('json', parse(body, await read(c), 'body'));
        }
      : undefined,
  };
}

/**
 * The route as Hono's handlers: the route's own middleware, if any, after the path and query are
 * validated, then the handler after the body is. The last takes one argument, so Hono and the
 * route label (matched-route.ts) count it as a handler, not a middleware; a route without schemas
 * or middleware is its handler alone.
 */
export function routeHandlers<E extends Env, P extends string, I extends Input>(
  spec: AnySpec,
  handler: Handler<E, P, I>,
  middleware: MiddlewareHandler<E, P, I> | undefined,
): [Handler<E, P, I>] | [MiddlewareHandler<E, P, I>, Handler<E, P, I>] {
  const validate = validator(spec);
  const { target, body } = validate;
  const before = target && !middleware ? target : undefined;
  const last: Handler<E, P, I> =
    !before && !body
      ? handler
      : (c) => {
          before?.(c);
          return body ? body(c).then(() => handler(c, noNext)) : handler(c, noNext);
        };
  if (!middleware) return [last];
  const first: MiddlewareHandler<E, P, I> = target
    ? (c, next) => {
        target(c);
        return middleware(c, next);
      }
    : middleware;
  return [first, last];
}
