/**
 * The OpenAPI document is generated from the routes: every registered route of the whole app
 * (pages included) is in it, or in UNDOCUMENTED_ROUTES with a reason, and nothing else is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMiddleware } from 'hono/utils/handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../src/server/app.js';
import { checkoutPageRoutes } from '../../../src/server/checkout-page/checkout-page-routes.js';
import { consolePageRoutes } from '../../../src/server/console/console-page-routes.js';
import { GATEWAY_API_ALIAS_PREFIX, GATEWAY_API_PREFIX } from '../../../src/server/gateway/gateway-api.js';
import { UNDOCUMENTED_ROUTES } from '../../../src/server/openapi/openapi-document.js';
import { findOrder } from '../../../src/server/orders/order-store.js';
import { callbackFields } from '../../../src/server/orders/order-views.js';
import {
  BalanceSchema,
  CallbackBodySchema,
  PaymentObjectSchema,
  QueryViewSchema,
} from '../../../src/shared/order-view-schemas.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `/merchants/:uid` as OpenAPI writes it: `/merchants/{uid}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

interface Document {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  webhooks?: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
}

let t: TestApp;
let app: ReturnType<typeof createApp>;
let doc: Document;
const dist = mkdtempSync(join(tmpdir(), 'openapi-dist-'));

beforeAll(async () => {
  t = await createTestApp();
  for (const page of ['checkout', 'console']) {
    mkdirSync(join(dist, page, 'assets'), { recursive: true });
    writeFileSync(join(dist, page, 'index.html'), '<!doctype html><title>page</title>');
  }
  // Built as service.ts builds it: the pages and the callback routes included.
  app = createApp(t.deps, {
    checkoutPage: checkoutPageRoutes({ distDir: join(dist, 'checkout'), embedOrigins: async () => [] }),
    consolePage: consolePageRoutes(join(dist, 'console')),
  });
  doc = (await (await app.request('/openapi.json')).json()) as Document;
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

/** `GET /path` of each registered handler (middleware, as Hono tells them apart, left out). */
function registered(): string[] {
  const routes = app.routes.filter((route) => !isMiddleware(route.handler));
  return [...new Set(routes.map((route) => `${route.method} ${route.path}`))].sort();
}

/** The merchant routes registered again under the alias prefix, named by their documented path. */
function aliased(): string[] {
  return registered()
    .filter((route) => route.split(' ')[1]?.startsWith(`${GATEWAY_API_ALIAS_PREFIX}/`))
    .map((route) => route.replace(` ${GATEWAY_API_ALIAS_PREFIX}/`, ` ${GATEWAY_API_PREFIX}/`));
}

function documented(): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

describe('the OpenAPI document', () => {
  it('describes every registered route, and only those, apart from the listed pages', () => {
    const excluded = new Set(UNDOCUMENTED_ROUTES.map((route) => `${route.method} ${route.path}`));
    const expected = registered()
      .filter((route) => !excluded.has(route) && !route.includes(` ${GATEWAY_API_ALIAS_PREFIX}/`))
      .map((route) => {
        const [method = '', path = ''] = route.split(' ');
        return `${method} ${openApiPath(path)}`;
      })
      .sort();
    expect(documented()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(50);
  });

  it('answers every merchant operation under the alias prefix too, and only those', () => {
    const merchant = registered().filter((route) =>
      route.split(' ')[1]?.startsWith(`${GATEWAY_API_PREFIX}/`),
    );
    expect(aliased()).toEqual(merchant);
    expect(merchant.length).toBe(3);
    expect(JSON.stringify(doc)).toContain(`${GATEWAY_API_ALIAS_PREFIX}/`);
  });

  it('lists as undocumented only routes that exist, each with a reason', () => {
    const routes = new Set(registered());
    for (const route of UNDOCUMENTED_ROUTES) {
      expect(routes.has(`${route.method} ${route.path}`), `${route.method} ${route.path}`).toBe(true);
      expect(route.why.length).toBeGreaterThan(10);
    }
  });

  it('gives every operation an id, an answer that is not an error, and the error shape', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        expect(operation.operationId, `${method} ${path}`).toBeTruthy();
        const statuses = Object.keys(operation.responses ?? {});
        expect(
          statuses.some((status) => /^[23]/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
        expect(operation.responses?.['500'], `${method} ${path}`).toMatchObject({
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        });
      }
    }
    expect(doc.components.schemas.ErrorEnvelope).toBeTruthy();
  });

  it('describes the callback the service POSTs to notify_url', () => {
    expect(doc.webhooks).toHaveProperty('callback.post.requestBody.content.application/json.schema', {
      $ref: '#/components/schemas/CallbackBody',
    });
    expect(doc.components.schemas.CallbackBody).toMatchObject({
      required: expect.arrayContaining(['payment_uid', 'payment_status', 'status_seq']),
    });
  });

  it('describes the fields the merchant API answers with and the callback carries, no more, no fewer', async () => {
    const created = await (
      await t.signed('/gateway/api/order/new', {
        transaction_type: 'income',
        amount: '199.00',
        merchant_order_id: 'DOC-1',
        merchant_uid: t.merchant.merchant_uid,
        response_type: 'json',
        notify_url: 'https://shop.example/notify',
      })
    ).json();
    expect(z.strictObject(PaymentObjectSchema.shape).safeParse(created.data.payment).error).toBeUndefined();
    const queried = await (await t.signed('/gateway/api/order/get', { merchant_order_id: 'DOC-1' })).json();
    expect(z.strictObject(QueryViewSchema.shape).safeParse(queried.data).error).toBeUndefined();
    const balance = await (
      await t.signed('/gateway/api/ledger/get_merchant_ledger', { merchant_uid: t.merchant.merchant_uid })
    ).json();
    expect(z.strictObject(BalanceSchema.shape).safeParse(balance.data).error).toBeUndefined();
    const order = await findOrder(t.db, created.data.payment.payment_uid);
    if (!order) throw new Error('the order was not stored');
    const callback = callbackFields(order, 'Chai Point', t.clock.now());
    expect(z.strictObject(CallbackBodySchema.shape).safeParse(callback).error).toBeUndefined();
  });
});
