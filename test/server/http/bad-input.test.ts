/**
 * Bad input is a clear 400 (or 404/431) in the error shape, never a 500 and never bare text:
 * control characters, insane dates, padded amounts, inverted limits, non-public callback hosts,
 * malformed paths, missing assets and oversized headers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { checkoutPageRoutes } from '../../../src/server/checkout-page/checkout-page-routes.js';
import { answerClientErrors } from '../../../src/server/http/client-errors.js';
import { createIncome, createLifecycleApp, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { createTestApp, incomeBody, json, OPERATOR_TOKEN, sign, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

/** Asserts the error shape and status, and returns the details. */
async function refused(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await json(response);
  expect(body).toMatchObject({
    result: 'error',
    data: { error: expect.any(String), details: expect.any(String) },
  });
  return body.data.details as string;
}

describe('control characters', () => {
  it('refuses NUL in a signed field, naming it', async () => {
    const response = await t.signed(
      '/gateway/api/order/new',
      incomeBody(t.merchant.merchant_uid, { from_name: 'Ravi\u0000' }),
    );
    expect(await refused(response, 400)).toContain('from_name');
  });

  it('refuses NUL in a path parameter and in a query parameter', async () => {
    expect(await refused(await t.operator('GET', '/operator/api/merchants/%00'), 400)).toContain('path');
    expect(await refused(await t.operator('GET', '/operator/api/orders?merchant_uid=%00'), 400)).toContain(
      'merchant_uid',
    );
    expect(await refused(await t.app.request('/checkout/api/orders/ab%00cd'), 400)).toContain('path');
  });

  it('refuses a merchant name with a terminal escape sequence', async () => {
    const response = await t.operator('POST', '/operator/api/merchants', { name: 'Shop\u001b[2J' });
    expect(await refused(response, 400)).toContain('name');
  });

  it('refuses NUL in a form-encoded UTR claim and in an operator credit', async () => {
    const uid = await createIncome(t);
    const form = await t.app.request('/Payments/india_match', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_uid: `${uid}\u0000`, serial_number: '123456789012' }).toString(),
    });
    expect(await refused(form, 400)).toContain('payment_uid');
    const credit = await t.operator('POST', '/operator/api/credits', {
      utr: '123456789012',
      amount: '1.00',
      payer_name: 'A\u0000',
    });
    expect(await refused(credit, 400)).toContain('payer_name');
  });

  it('answers a malformed percent-encoded path with 400 in the error shape', async () => {
    expect(await refused(await t.app.request('/checkout/api/orders/%E0%A4%A'), 400)).toContain('path');
  });
});

describe('deep structures', () => {
  const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;

  it('answers JSON nested thousands deep with 400 in the error shape on every JSON endpoint', async () => {
    for (const levels of [5_000, 8_000]) {
      const body = deep(levels);
      const post = (path: string, headers: Record<string, string> = {}) =>
        t.app.request(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body,
        });
      expect(await refused(await post('/Payments/india_match'), 400)).toMatch(/deeper/);
      expect(
        await refused(
          await post('/gateway/api/order/new', {
            'OC-Key': t.merchant.api_key,
            'OC-Signature': 'x'.repeat(64),
          }),
          400,
        ),
      ).toMatch(/deeper/);
      expect(
        await refused(
          await post('/operator/api/merchants', { Authorization: `Bearer ${OPERATOR_TOKEN}` }),
          400,
        ),
      ).toMatch(/deeper/);
      expect(await refused(await post('/console/api/session', { Origin: 'https://pay.test' }), 400)).toMatch(
        /deeper/,
      );
    }
  });

  it('still takes the nesting a legitimate operator body has', async () => {
    const response = await t.operator('POST', '/operator/api/merchants', {
      name: 'Nested Shop',
      embed_origins: ['https://shop.example'],
    });
    expect(response.status).toBe(201);
  });
});

describe('free text', () => {
  it('takes line breaks and tabs in free text, refuses them in one-line fields, and refuses other control characters', async () => {
    const uid = await createIncome(t);
    const noted = await t.operator('POST', `/operator/api/orders/${uid}/status`, {
      status: 'failed',
      reason: 'payer called:\r\n\tpaid twice',
    });
    expect(noted.status).toBe(200);
    expect(
      await refused(await t.operator('POST', '/operator/api/merchants', { name: 'Chai\nPoint' }), 400),
    ).toMatch(/^name: must be one line/);
    const order = await t.signed(
      '/gateway/api/order/new',
      incomeBody(t.merchant.merchant_uid, { from_name: 'Ravi\tK' }),
    );
    expect(await refused(order, 400)).toMatch(/^from_name: must be one line/);
    for (const name of ['Bell\u0007Shop', 'Form\u000cFeed', 'Del\u007f', 'C1\u0085']) {
      const refusedName = await t.operator('POST', '/operator/api/merchants', { name });
      expect(await refused(refusedName, 400)).toBe('name: must not contain control characters');
    }
    const keyWithBreak = await t.operator('POST', '/operator/api/merchants', { 'na\nme': 'x' });
    expect(await refused(keyWithBreak, 400)).toContain('body');
  });
});

describe('dates, amounts and limits', () => {
  it('refuses a credit dated year 0 or year 9999', async () => {
    for (const credited_at of ['0000-01-01T00:00:00Z', '9999-12-31T00:00:00Z']) {
      const response = await t.operator('POST', '/operator/api/credits', {
        utr: '123456789012',
        amount: '1.00',
        credited_at,
      });
      expect(await refused(response, 400)).toContain('credited_at');
    }
  });

  it('refuses amounts with surrounding whitespace or a newline', async () => {
    for (const amount of [' 100.00', '100.00 ', '100.00\n']) {
      const response = await t.signed(
        '/gateway/api/order/new',
        incomeBody(t.merchant.merchant_uid, { amount }),
      );
      expect(await refused(response, 400)).toContain('amount');
    }
  });

  it('refuses a merchant whose minimum is above its maximum, given or default', async () => {
    const inverted = await t.operator('POST', '/operator/api/merchants', {
      name: 'Inverted',
      upi_min: '500.00',
      upi_max: '100.00',
    });
    expect(await refused(inverted, 400)).toContain('upi_min');
    const aboveDefault = await t.operator('POST', '/operator/api/merchants', {
      name: 'High',
      imps_min: '999999.00',
    });
    expect(await refused(aboveDefault, 400)).toContain('imps_min');
  });
});

describe('callback and return addresses', () => {
  for (const url of [
    'http://127.0.0.1/notify',
    'http://localhost:8080/notify',
    'http://shop.localhost/notify',
    'http://[::1]/notify',
    'http://10.1.2.3/notify',
    'http://169.254.169.254/latest',
    'http://2130706433/notify',
  ]) {
    it(`refuses notify_url ${url}`, async () => {
      const response = await t.signed(
        '/gateway/api/order/new',
        incomeBody(t.merchant.merchant_uid, { notify_url: url }),
      );
      expect(await refused(response, 400)).toContain('notify_url');
    });
  }

  it('refuses a private redirect_url, and takes both when private callbacks are allowed', async () => {
    const body = incomeBody(t.merchant.merchant_uid, { redirect_url: 'http://192.168.1.5/return' });
    expect(await refused(await t.signed('/gateway/api/order/new', body), 400)).toContain('redirect_url');
    const local = await createTestApp({
      env: { ALLOW_PRIVATE_CALLBACKS: 'true' },
      app: { payerLimits: UNLIMITED },
    });
    try {
      const allowed = await local.signed(
        '/gateway/api/order/new',
        incomeBody(local.merchant.merchant_uid, {
          notify_url: 'http://127.0.0.1:9/n',
          redirect_url: 'http://localhost/r',
        }),
      );
      expect(allowed.status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('headers', () => {
  it('marks API answers nosniff and signed merchant answers no-store, errors included', async () => {
    const health = await t.app.request('/healthz');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    const created = await t.signed('/gateway/api/order/new', incomeBody(t.merchant.merchant_uid));
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await t.signed('/gateway/api/order/get', {
      merchant_order_id: 'nope',
      merchant_uid: t.merchant.merchant_uid,
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const payer = await t.app.request('/checkout/api/orders/nope');
    expect(payer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the HTTP layer', () => {
  const dist = mkdtempSync(join(tmpdir(), 'checkout-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('answers a missing static asset with 404 in the error shape', async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>checkout</title>');
    const page = checkoutPageRoutes({ distDir: dist, embedOrigins: async () => undefined });
    const app = createApp(t.deps, { checkoutPage: page });
    expect(await refused(await app.request('/checkout/assets/missing-abc123.js'), 404)).toContain(
      'no such file',
    );
    for (const path of [
      '/checkout/assets',
      '/checkout/assets/',
      '/checkout/missing.js',
      '/checkout/favicon.svgz',
      '/checkout/robots.txt',
      '/checkout/index.html.map',
    ]) {
      expect(await refused(await app.request(path), 404), path).toContain('no such file');
    }
    // An unknown order is still the page itself, which says so in the payer's language.
    const unknownOrder = await app.request('/checkout/a3c5e7f9-0000-4000-8000-000000000001');
    expect(unknownOrder.status).toBe(404);
    expect(unknownOrder.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('answers oversized headers with 431 in the error shape', async () => {
    const server = createAdaptorServer({ fetch: t.app.fetch });
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 431 /);
      expect(raw).toContain('Content-Type: application/json');
      const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
      expect(body).toMatchObject({ result: 'error', data: { error: 'headers_too_large' } });
    } finally {
      server.close();
    }
  });
  describe('request bodies over a Node server', () => {
    let server: ReturnType<typeof createAdaptorServer>;
    let port: number;
    beforeAll(async () => {
      server = createAdaptorServer({ fetch: t.app.fetch });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => {
      server.close();
    });

    /** A signed order creation sent as Node sends it: with Content-Length, or chunked. */
    async function post(body: Record<string, unknown>, chunked: boolean) {
      const text = JSON.stringify(body);
      return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/gateway/api/order/new',
            agent: false,
            headers: {
              'Content-Type': 'application/json',
              'OC-Key': t.merchant.api_key,
              'OC-Signature': sign(t.merchant.api_secret, body),
              ...(chunked
                ? { 'Transfer-Encoding': 'chunked' }
                : { 'Content-Length': Buffer.byteLength(text) }),
            },
          },
          (res) => {
            let answer = '';
            res.on('data', (chunk) => {
              answer += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(answer) }));
          },
        );
        req.on('error', reject);
        // Chunked: the body goes out in two pieces, so it is counted as it streams.
        if (chunked) req.write(text.slice(0, 100));
        req.end(chunked ? text.slice(100) : text);
      });
    }

    for (const chunked of [false, true]) {
      const framing = chunked ? 'chunked' : 'with Content-Length';
      it(`reads a signed creation sent ${framing}, and refuses one over 16 KB with 413`, async () => {
        const created = await post(incomeBody(t.merchant.merchant_uid), chunked);
        expect(created.status).toBe(200);
        expect(created.body).toMatchObject({
          result: 'success',
          data: { payment: { payment_status: 'pending' } },
        });

        const big = await post(incomeBody(t.merchant.merchant_uid, { pad: 'x'.repeat(17_000) }), chunked);
        expect(big.status).toBe(413);
        expect(big.body).toMatchObject({ result: 'error', data: { error: 'payload_too_large' } });
      });
    }
  });
});
