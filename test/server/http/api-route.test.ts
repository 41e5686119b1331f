/**
 * Registering a route runs its schemas: the handler receives the parsed path, query and body
 * through `c.req.valid(...)`, and input a schema refuses is a 400 in the error shape naming the
 * field, before the handler runs. A route without schemas or middleware stays one handler.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoute, definitionOf } from '../../../src/server/http/api-route.js';
import { renderError } from '../../../src/server/http/envelope.js';
import { requiredFirst } from '../../../src/server/http/input-error.js';
import { readOptionalJson } from '../../../src/server/http/read-body.js';
import { idField, limitField } from '../../../src/server/http/request-fields.js';

const RENAME = apiRoute({
  id: 'renameShelf',
  method: 'post',
  path: '/shelves/:shelf_id/name',
  tag: 'operator',
  auth: 'operator',
  summary: 'Rename a shelf',
  params: z.object({ shelf_id: idField.describe('The shelf') }),
  query: z.object({ dry_run: z.enum(['true', 'false']).default('false'), limit: limitField(50, 10) }),
  body: z.object({ name: z.string().trim().min(1).max(20), kind: z.enum(['wood', 'steel']) }),
  answers: { 200: { description: 'Renamed', data: z.object({ name: z.string() }) } },
  errors: [],
});

const PING = apiRoute({
  id: 'ping',
  method: 'get',
  path: '/ping',
  tag: 'service',
  auth: 'public',
  summary: 'Ping',
  answers: { 200: { description: 'Pong', json: z.object({ pong: z.literal(true) }) } },
  errors: [],
});

/** A POST of the tests below, each with its own path and body. */
const SHELF_POST = {
  id: 'changeShelf',
  method: 'post',
  tag: 'operator',
  auth: 'operator',
  summary: 'Change a shelf',
  answers: {},
  errors: [],
} as const;

function appWith(register: (app: Hono) => void): Hono {
  const app = new Hono();
  app.onError((error, c) => renderError(c, error));
  register(app);
  return app;
}

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { result: string; data: { error: string; details: string } };
  expect(body.result).toBe('error');
  return body.data;
}

const post = (app: Hono, path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a registered route', () => {
  const seen: unknown[] = [];
  const app = appWith((app) =>
    RENAME.register(app, (c) => {
      const input = { param: c.req.valid('param'), query: c.req.valid('query'), json: c.req.valid('json') };
      seen.push(input);
      return c.json({ result: 'success', data: { name: input.json.name } });
    }),
  );

  it('hands the handler the parsed path, query and body', async () => {
    const response = await post(app, '/shelves/42/name?limit=5', {
      name: '  Tall  ',
      kind: 'wood',
      extra: 1,
    });
    expect(response.status).toBe(200);
    expect(seen.at(-1)).toEqual({
      param: { shelf_id: 42 },
      query: { dry_run: 'false', limit: 5 },
      json: { name: 'Tall', kind: 'wood' },
    });
  });

  it('refuses a bad path parameter, query parameter or body field, naming it, before the handler runs', async () => {
    const before = seen.length;
    expect(await refusal(await post(app, '/shelves/forty/name', { name: 'A', kind: 'wood' }))).toEqual({
      error: 'invalid_field',
      details: 'shelf_id: must be a number',
      request_id: '',
    });
    expect(
      (await refusal(await post(app, '/shelves/1/name?limit=500', { name: 'A', kind: 'wood' }))).details,
    ).toMatch(/^limit: /);
    expect(await refusal(await post(app, '/shelves/1/name', { name: 'A', kind: 'glass' }))).toMatchObject({
      error: 'invalid_field',
      details: 'kind: must be one of wood, steel',
    });
    expect(await refusal(await post(app, '/shelves/1/name', ['not', 'an', 'object']))).toMatchObject({
      error: 'invalid_request',
      details: 'body: must be a JSON object',
    });
    expect(seen.length).toBe(before);
  });

  it('answers missing_field first for the fields a route requires, when told so', async () => {
    const route = apiRoute({
      ...SHELF_POST,
      path: '/strict',
      body: z.object({ kind: z.enum(['wood', 'steel']), name: z.string().min(1) }),
      invalid: requiredFirst(['name']),
    });
    const strict = appWith((app) => route.register(app, (c) => c.json(c.req.valid('json'))));
    // The kind is wrong too, but a missing name is what the caller hears first.
    expect(await refusal(await post(strict, '/strict', { kind: 'glass', name: ' ' }))).toMatchObject({
      error: 'missing_field',
      details: 'name: required',
    });
  });

  it('reads a body that may be left out as an empty object', async () => {
    const route = apiRoute({
      ...SHELF_POST,
      path: '/close',
      body: z.object({ note: z.string().max(5).default('') }),
      read: readOptionalJson,
    });
    const noted = appWith((app) => route.register(app, (c) => c.json(c.req.valid('json'))));
    expect(await (await noted.request('/close', { method: 'POST' })).json()).toEqual({ note: '' });
    expect(await (await post(noted, '/close', { note: 'why' })).json()).toEqual({ note: 'why' });
    expect((await refusal(await post(noted, '/close', { note: 'too long' }))).details).toMatch(/^note: /);
  });

  it('runs a middleware given with the handler after the path and query, before the body', async () => {
    const order: string[] = [];
    const guarded = appWith((app) =>
      RENAME.register(
        app,
        async (c, next) => {
          order.push(`middleware ${c.req.valid('param').shelf_id}`);
          await next();
        },
        (c) => {
          order.push(`handler ${c.req.valid('json').name}`);
          return c.json({});
        },
      ),
    );
    await post(guarded, '/shelves/7/name', { name: 'B', kind: 'steel' });
    expect(order).toEqual(['middleware 7', 'handler B']);
    // A bad body is refused after the middleware ran; a bad path before it.
    await post(guarded, '/shelves/7/name', { name: '', kind: 'steel' });
    await post(guarded, '/shelves/x/name', { name: 'C', kind: 'steel' });
    expect(order).toEqual(['middleware 7', 'handler B', 'middleware 7']);
  });

  it('is one handler to Hono, its own, when it has no schemas and no middleware', () => {
    const handler = () => new Response('pong');
    const app = appWith((app) => PING.register(app, handler));
    expect(app.routes.map((route) => route.handler)).toEqual([handler]);
    expect(definitionOf(app.routes[0]?.handler)).toBe(PING);
  });

  it('cannot be defined without a schema naming exactly the parameters of its path', () => {
    const define = (params: z.ZodObject | undefined) =>
      apiRoute({
        id: 'showShelf',
        method: 'get',
        path: '/shelves/:shelf_id',
        tag: 'operator',
        auth: 'operator',
        summary: 'A shelf',
        // @ts-expect-error: the path has a parameter, so its schema is required and must name it.
        params,
        answers: {},
        errors: [],
      });
    expect(() => define(undefined)).toThrow(
      /showShelf: the params schema names nothing; the path .* has shelf_id/,
    );
    expect(() => define(z.object({ id: z.string() }))).toThrow(/names id/);
    expect(() => define(z.object({ shelf_id: z.string() }))).not.toThrow();
  });
});
