import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../src/server/app.js';
import type { AppDeps } from '../../../src/server/app-deps.js';
import { createLogger } from '../../../src/server/log.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { createIncome } from '../lifecycle/support/lifecycle-fixture.js';
import {
  createTestApp,
  incomeBody,
  json,
  PRODUCTION_SECRET_KEY,
  sign,
  type TestApp,
} from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('service endpoints', () => {
  it('answers /healthz and /readyz with the store kind', async () => {
    expect(await json(await t.app.request('/healthz'))).toEqual({ status: 'ok' });
    const ready = await json(await t.app.request('/readyz'));
    expect(ready.status).toBe('ready');
    expect(['pglite', 'postgres']).toContain(ready.store);
  });

  it('says in /readyz whether it runs in sandbox or production, so a sandbox left running shows at once', async () => {
    expect(await json(await t.app.request('/readyz'))).toMatchObject({ status: 'ready', mode: 'sandbox' });
    const production = await createTestApp({
      env: { MODE: 'production', SECRET_KEY: PRODUCTION_SECRET_KEY },
    });
    try {
      expect(await json(await production.app.request('/readyz'))).toMatchObject({ mode: 'production' });
    } finally {
      await production.close();
    }
  });

  it('tells browsers to come back over https only when the public URL is https, on every answer', async () => {
    for (const path of ['/healthz', '/readyz', '/no/such/route']) {
      expect((await t.app.request(path)).headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000',
      );
    }
    const plain = await createTestApp({ env: { PUBLIC_BASE_URL: 'http://localhost:8080' } });
    try {
      expect((await plain.app.request('/healthz')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route and status and orders by kind in /metrics', async () => {
    await t.signed('/gateway/api/order/new', incomeBody(t.merchant.merchant_uid));
    const text = await (await t.operator('GET', '/metrics')).text();
    expect(text).toMatch(
      /http_requests_total\{method="POST",route="\/gateway\/api\/order\/new",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.05",method="POST",route="\/gateway\/api\/order\/new",status="200"\}/,
    );
    expect(text).toMatch(/orders_created_total\{transaction_type="income",payterm="UPI"\} 1/);
  });

  it('serves an OpenAPI 3.1 document whose order schema comes from the validating zod schema', async () => {
    const doc = await json(await t.app.request('/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    const ref = doc.paths['/gateway/api/order/new'].post.requestBody.content['application/json'].schema.$ref;
    expect(ref).toBe('#/components/schemas/CreateOrderRequest');
    const schema = doc.components.schemas.CreateOrderRequest;
    expect(schema.properties.transaction_type.enum).toEqual(['income', 'expense']);
    expect(schema.properties.merchant_order_id.pattern).toBe('^[A-Za-z0-9_.-]{1,64}$');
    expect(doc.paths['/checkout/api/orders/{payment_uid}'].get.responses['200']).toBeTruthy();
    expect(doc.paths['/operator/api/merchants'].post.requestBody).toBeTruthy();
  });

  it('puts a request id on every response and in every error body', async () => {
    const response = await t.app.request('/gateway/api/order/get', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    const again = await t.app.request('/healthz');
    expect(again.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    expect(again.headers.get('x-request-id')).not.toBe(id);
    const body = await json(response);
    expect(body).toEqual({
      result: 'error',
      data: { error: 'invalid_request', details: 'body: not valid JSON', request_id: id },
    });
    const given = await t.app.request('/healthz', { headers: { 'X-Request-Id': 'trace-12345678' } });
    expect(given.headers.get('x-request-id')).toBe('trace-12345678');
  });

  it('over a real Node server, reads request headers from the Node request and answers the poll as in-process', async () => {
    const server = createAdaptorServer({ fetch: t.app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const traced = await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'trace-node-1234' } });
      expect(traced.headers.get('x-request-id')).toBe('trace-node-1234');
      expect(traced.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await traced.json()).toEqual({ status: 'ok' });

      const uid = await createIncome(t);
      const path = `/checkout/api/orders/${uid}`;
      const overNode = await fetch(`${base}${path}`);
      expect(overNode.status).toBe(200);
      expect(overNode.headers.get('content-type')).toBe('application/json');
      const inProcess = await t.app.request(path);
      const { server_time: nodeTime, ...nodeView } = (await overNode.json()).data;
      const { server_time: processTime, ...processView } = (await json(inProcess)).data;
      expect(nodeView).toEqual(processView);
      expect(nodeView.payment_uid).toBe(uid);
      expect(Date.parse(nodeTime)).not.toBeNaN();
      expect(Date.parse(processTime)).not.toBeNaN();

      // The request target is checked before routing, from Node's request line, in the error shape.
      const badTarget = await fetch(`${base}/checkout/api/orders/%00abc`);
      expect(badTarget.status).toBe(400);
      expect(badTarget.headers.get('x-content-type-options')).toBe('nosniff');
      const refused = await badTarget.json();
      expect(refused).toEqual({
        result: 'error',
        data: {
          error: 'invalid_field',
          details: 'path: must not contain control characters',
          request_id: badTarget.headers.get('x-request-id'),
        },
      });
      expect((await fetch(`${base}/%00abc`)).status).toBe(400); // a first segment too, not a 404
      const badEncoding = await fetch(`${base}/healthz?x=%E0%A4%A`);
      expect(badEncoding.status).toBe(200); // only the path must decode; the query is read by name
      const malformed = await fetch(`${base}/checkout/api/orders/%E0%A4%A`);
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).data.error).toBe('invalid_request');

      const etag = overNode.headers.get('etag') ?? '';
      expect(etag).toBe(inProcess.headers.get('etag'));
      const unchanged = await fetch(`${base}${path}`, { headers: { 'If-None-Match': `W/${etag}` } });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe('');
    } finally {
      server.close();
    }
  });

  it('writes one access-log line per request at debug, with its request id, route and status', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, log: createLogger('debug', (line) => lines.push(line)) });
    const response = await app.request('/healthz', { headers: { 'X-Request-Id': 'trace-87654321' } });
    expect(response.status).toBe(200);
    const access = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
    expect(access).toEqual([
      expect.objectContaining({
        request_id: 'trace-87654321',
        route: '/healthz',
        status: '200',
        method: 'GET',
      }),
    ]);
  });

  it('counts requests by route pattern and status in the metrics', async () => {
    await t.app.request('/healthz');
    await t.app.request('/checkout/api/orders/not-a-uid');
    const text = await (await t.operator('GET', '/metrics')).text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/checkout\/api\/orders\/:payment_uid",status="404"\} 1/,
    );
  });

  it('labels requests that match no route as unmatched, whatever middleware they passed', async () => {
    await t.app.request('/no/such/thing', { method: 'POST', body: '{}' });
    await t.app.request('/operator/api/no-such-thing');
    const text = await (await t.operator('GET', '/metrics')).text();
    expect(text).toMatch(/http_requests_total\{method="POST",route="unmatched",status="404"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="40[14]"\} \d+/);
    expect(text).not.toMatch(/route="\/\*"/);
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const response = await t.app.request('/nope');
    expect(response.status).toBe(404);
    expect((await json(response)).result).toBe('error');
  });

  it('hides internals of an unexpected failure behind a request id', async () => {
    const lines: string[] = [];
    const broken: AppDeps = {
      ...t.deps,
      log: createLogger('debug', (line) => lines.push(line)),
      db: {
        ...t.deps.db,
        query: async () => Promise.reject(new Error('connection string postgres://admin:pw@db')),
      },
    };
    const app = createApp(broken);
    const body = incomeBody(t.merchant.merchant_uid);
    const response = await app.request('/gateway/api/order/new', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'OC-Key': t.merchant.api_key,
        'OC-Signature': sign(t.merchant.api_secret, body),
      },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('postgres://');
    expect(JSON.parse(text).data.error).toBe('internal_error');
    expect(lines.some((line) => line.includes('unhandled error'))).toBe(true);
  });

  it('never writes the API secret, the signature or the operator token to the log', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, log: createLogger('debug', (line) => lines.push(line)) });
    const body = incomeBody(t.merchant.merchant_uid);
    const signature = sign(t.merchant.api_secret, body);
    await app.request('/gateway/api/order/new', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'OC-Key': t.merchant.api_key,
        'OC-Signature': signature,
      },
      body: JSON.stringify(body),
    });
    await app.request('/operator/api/merchants', {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.deps.config.operatorToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Logged shop' }),
    });
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    expect(log).not.toContain(t.merchant.api_secret);
    expect(log).not.toContain(signature);
    expect(log).not.toContain(t.deps.config.operatorToken as string);
  });
});

describe('the operator API', () => {
  it('refuses requests without the bearer token', async () => {
    expect((await t.app.request('/operator/api/merchants')).status).toBe(401);
    const wrong = await t.app.request('/operator/api/merchants', {
      headers: { Authorization: 'Bearer wrong-token-of-some-length' },
    });
    expect(wrong.status).toBe(401);
  });

  it('creates a merchant whose secret is shown once and then signs orders', async () => {
    const created = await t.operator('POST', '/operator/api/merchants', {
      name: 'Dosa Hut',
      upi_vpa: 'dosahut@ybl',
      upi_max: '5000.00',
      embed_origins: ['https://dosahut.example'],
      brand_color: '#aa3300',
    });
    expect(created.status).toBe(201);
    const { data } = await json(created);
    expect(data.api_secret).toMatch(/^[0-9a-f]{64}$/);
    expect(data.merchant).toMatchObject({
      name: 'Dosa Hut',
      upi_vpa: 'dosahut@ybl',
      upi_max: '5000.00',
      status: 'active',
    });
    const shown = await (await t.operator('GET', `/operator/api/merchants/${data.merchant_uid}`)).text();
    expect(shown).not.toContain(data.api_secret);
    const stored = await queryRows(
      t.db,
      z.object({ sealed_secret: z.string() }),
      'SELECT sealed_secret FROM api_keys WHERE key = $1',
      [data.api_key],
    );
    expect(stored[0]?.sealed_secret).not.toContain(data.api_secret);
    const order = await t.signed(
      '/gateway/api/order/new',
      incomeBody(data.merchant_uid, { amount: '5000.01' }),
      { key: data },
    );
    expect(order.status).toBe(422);
  });

  it('issues and revokes keys; a revoked key is refused', async () => {
    const issued = (
      await json(await t.operator('POST', `/operator/api/merchants/${t.merchant.merchant_uid}/keys`))
    ).data;
    const body = incomeBody(t.merchant.merchant_uid);
    expect((await t.signed('/gateway/api/order/new', body, { key: issued })).status).toBe(200);
    const revoked = await t.operator(
      'DELETE',
      `/operator/api/merchants/${t.merchant.merchant_uid}/keys/${issued.api_key}`,
    );
    expect(revoked.status).toBe(200);
    const refused = await t.signed('/gateway/api/order/new', incomeBody(t.merchant.merchant_uid), {
      key: issued,
    });
    expect(refused.status).toBe(401);
  });

  it('refuses a merchant with a bad VPA or origin, naming the field', async () => {
    const bad = await t.operator('POST', '/operator/api/merchants', { name: 'X', upi_vpa: 'no-at-sign' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.details).toMatch(/^upi_vpa:/);
    const origin = await t.operator('POST', '/operator/api/merchants', {
      name: 'X',
      embed_origins: ['https://a.example/path'],
    });
    expect((await json(origin)).data.details).toMatch(/^embed_origins\.0:/);
  });
});
