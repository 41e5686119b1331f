/**
 * Routes take their input from their schemas: every route of the app is registered through its
 * definition (http/api-route.ts), whose schemas name the path's parameters and the body it reads,
 * and no file that registers routes reads a request's parameters, query, body or context
 * variables by hand (`c.req.valid(...)` and `c.var` are typed by the schemas and the middleware).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMiddleware } from 'hono/utils/handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { definitionOf } from '../../../src/server/http/api-route.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ROOT = fileURLToPath(new URL('../../../src/server/', import.meta.url));

/** Ways of reading input that skip the route's schemas, or a variable without its type. */
const BY_HAND: readonly { readonly pattern: RegExp; readonly instead: string }[] = [
  { pattern: /\bc\.req\.param\(/, instead: "c.req.valid('param') with a params schema" },
  { pattern: /\bc\.req\.queries?\(/, instead: "c.req.valid('query') with a query schema" },
  { pattern: /\bc\.req\.(json|parseBody|formData)\(/, instead: "c.req.valid('json') with a body schema" },
  {
    pattern: /\b(parseJson|readJsonObject|readFormOrJson|readOptionalJson)\(/,
    instead: "the route's body and read",
  },
  { pattern: /\bc\.get\(/, instead: 'c.var, typed by the middleware that sets it' },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line: what it reads (use ...)` for each read by hand in a file that registers routes. */
function readsByHand(file: string, text: string): string[] {
  if (!/\.register\(app\b/.test(text)) return [];
  return text
    .split('\n')
    .flatMap((line, index) =>
      BY_HAND.filter(({ pattern }) => pattern.test(line)).map(
        ({ instead }) => `${file}:${index + 1}: ${line.trim()} (use ${instead})`,
      ),
    );
}

describe('route input', () => {
  it('finds a handler that reads its input by hand', () => {
    const handler = [
      'ROUTE.register(app, async (c) => {',
      "  const uid = c.req.param('uid');",
      '  const input = await parseJson(c, Schema);',
      "  const actor = c.get('operatorName') as string;",
      '});',
    ].join('\n');
    expect(readsByHand('x-routes.ts', handler)).toHaveLength(3);
    expect(readsByHand('x-routes.ts', handler.replace('ROUTE.register(app', 'app.get(path'))).toEqual([]);
  });

  it('is read from the schemas in every file that registers routes', () => {
    const files = sourceFiles(ROOT);
    const registering = files.filter((file) => /\.register\(app\b/.test(readFileSync(file, 'utf8')));
    expect(registering.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => readsByHand(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});

describe('every route of the app', () => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp();
    app = createApp(t.deps);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is registered through its definition, with a schema for its path parameters and its body', () => {
    const handlers = app.routes.filter((route) => !isMiddleware(route.handler));
    expect(handlers.length).toBeGreaterThan(50);
    const problems = handlers.flatMap((route) => {
      const where = `${route.method} ${route.path}`;
      const definition = definitionOf(route.handler);
      if (!definition) return [`${where}: not registered through an ApiRoute`];
      const named = route.path.includes('/:');
      if (named !== (definition.params !== undefined)) return [`${where}: path parameters without a schema`];
      // A POST or PATCH carries a body: a schema (JSON) or its other media types. The sandbox's
      // simulated payment is the one that takes none (the order is in its path).
      const takesBody = ['POST', 'PATCH'].includes(route.method) && definition.id !== 'simulatePayment';
      if (takesBody && definition.bodyTypes.length === 0) return [`${where}: a body without a schema`];
      return [];
    });
    expect(problems).toEqual([]);
  });
});
