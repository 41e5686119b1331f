/**
 * Behind real nginx (deploy/nginx.conf) in front of two service processes on one PostgreSQL
 * database (PostgreSQL only): the payer page loads through the proxy, a UTR claim and a bank
 * credit complete the order, the callback is delivered once, hashed assets are cached by nginx,
 * and the UTR claim limit counts each payer (TRUST_PROXY) once across both processes. nginx
 * serves TLS as shipped (the suite's test certificate), plain HTTP only redirects, the service
 * sends Strict-Transport-Security, and the access log holds no ingest token and no query string.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { MerchantClient, newUtr } from '../support/merchant-client.js';
import { type MerchantSite, startMerchantSite } from '../support/merchant-site.js';
import { type Nginx, startNginx } from '../support/nginx.js';
import { OperatorClient } from '../support/operator-client.js';
import { createCollection, queryUntil } from '../support/orders.js';
import { createTempDatabase, type TempDatabase } from '../support/pg-database.js';
import { freePort, newOperatorToken, type ServiceProcess, startService } from '../support/service-process.js';
import { MERCHANT, type Stack, storeKind } from '../support/stack.js';

const postgres = storeKind() === 'postgres';
const browser = useBrowser();

/** Claim limit of the payer endpoints (DEFAULT_PAYER_LIMITS.match). */
const CLAIM_BURST = 10;
const CLAIM_REFILL_PER_SECOND = 0.5;

/** A request from a given loopback source address, so nginx sees distinct payers. */
function fromAddress(
  url: string,
  localAddress: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe.runIf(postgres)('Behind nginx, two processes on one PostgreSQL database', () => {
  let database: TempDatabase | undefined;
  const services: ServiceProcess[] = [];
  let nginx: Nginx | undefined;
  let site: MerchantSite | undefined;
  const stack = {} as { -readonly [K in keyof Stack]: Stack[K] };

  beforeAll(async () => {
    const serverUrl = process.env.E2E_DATABASE_URL;
    if (!serverUrl) throw new Error('the nginx flow needs E2E_DATABASE_URL');
    database = await createTempDatabase(serverUrl);
    const port = await freePort();
    const publicBaseUrl = `https://127.0.0.1:${port}`;
    const token = newOperatorToken();
    for (const name of ['nginx-a', 'nginx-b']) {
      services.push(
        await startService({
          name,
          databaseUrl: database.url,
          operatorToken: token,
          publicBaseUrl,
          env: { TRUST_PROXY: '127.0.0.1' },
        }),
      );
    }
    nginx = await startNginx(
      services.map((service) => service.url.replace('http://', '')),
      port,
    );
    const secrets = new Map<string, string>();
    site = await startMerchantSite((apiKey) => secrets.get(apiKey));
    const operator = new OperatorClient(nginx.url, token, MERCHANT.upi_vpa);
    const created = await operator.createMerchant({ ...MERCHANT, embed_origins: [site.origin] });
    secrets.set(created.api_key, created.api_secret);
    Object.assign(stack, {
      store: 'postgres',
      accounts: MERCHANT,
      urls: [nginx.url],
      url: nginx.url,
      operator,
      site,
      merchant: new MerchantClient(nginx.url, {
        merchantUid: created.merchant_uid,
        apiKey: created.api_key,
        apiSecret: created.api_secret,
      }),
    });
  });

  afterAll(async () => {
    await site?.close();
    await nginx?.stop();
    for (const service of services) await service.stop();
    await database?.drop();
  });

  test('a payer pays through the proxy; the order completes and its callback is delivered once', async () => {
    const order = await createCollection(stack, { amount: '321.00', prefix: 'NGINX' });
    expect(order.paymentUrl).toBe(`${stack.url}/checkout/${order.paymentUid}`);

    const page = await (await browser.phone({ acceptTestCertificate: true })).newPage();
    await page.goto(order.paymentUrl);
    await expect.poll(() => page.getByText('₹321.00').first().isVisible()).toBe(true);
    const utr = newUtr();
    await page.getByLabel('UTR (12-digit reference number)').fill(utr);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    expect(await stack.operator.postCredit({ utr, amount: '321.00' })).toMatchObject({
      payment_uid: order.paymentUid,
      payment_status: 'completed',
    });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });

    const queried = await queryUntil(stack, order.merchantOrderId, (o) => o.notify_status === 'completed');
    expect(queried).toMatchObject({ payment_status: 'completed', notify_status: 'completed' });
    // A delivery is logged after the merchant answers it: wait until no outbox row is still
    // pending (an earlier state's delivery may still be in flight when the final one is done).
    let log = await stack.operator.callbacks(order.paymentUid);
    await expect
      .poll(async () => {
        log = await stack.operator.callbacks(order.paymentUid);
        return log.outbox.filter((row) => row.state === 'pending').length;
      })
      .toBe(0);
    const received = stack.site.callbacksFor(order.paymentUid);
    expect(received.filter((callback) => callback.fields.payment_status === 'completed')).toHaveLength(1);
    expect(received).toHaveLength(log.attempts.length);

    // Hashed assets: immutable for browsers, and the second load is served by nginx's cache.
    const html = await (await fetch(order.paymentUrl)).text();
    const asset = /src="(\/checkout\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const first = await fetch(`${stack.url}${asset}`);
    expect(first.headers.get('cache-control')).toContain('immutable');
    await first.arrayBuffer();
    const second = await fetch(`${stack.url}${asset}`);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
  });

  test('UTR claims are limited per payer, once across both processes, and forged X-Forwarded-For changes nothing', async () => {
    const order = await createCollection(stack, { amount: '55.00', prefix: 'NGLIM' });
    const claim = (source: string, headers: Record<string, string> = {}) =>
      fromAddress(`${stack.url}/Payments/india_match`, source, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ payment_uid: order.paymentUid, serial_number: newUtr() }).toString(),
      });
    // nginx spreads these over both processes; the limit is counted in the shared store. The
    // bucket refills while the claims are made (slowly on a busy machine), so what may pass is the
    // burst plus what refilled in the time they took; with a limit per process it would be twice
    // the burst.
    const refilled = (since: number) => Math.ceil(((Date.now() - since) / 1000) * CLAIM_REFILL_PER_SECOND);
    const started = Date.now();
    let passed = 0;
    let refused = await claim('127.0.0.2');
    while (refused.status !== 429 && passed < 4 * CLAIM_BURST) {
      passed++;
      refused = await claim('127.0.0.2');
    }
    expect(refused.status).toBe(429);
    expect(passed).toBeGreaterThanOrEqual(CLAIM_BURST);
    expect(passed).toBeLessThanOrEqual(CLAIM_BURST + refilled(started));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ result: 'error', data: { error: 'rate_limited' } });
    // A forged X-Forwarded-For is counted against the same payer: of five, only what refilled
    // meanwhile passes (a trusted forgery would start a fresh bucket and pass all five).
    const forgedFrom = Date.now();
    let forgedPassed = 0;
    for (let i = 0; i < 5; i++) {
      if ((await claim('127.0.0.2', { 'X-Forwarded-For': '198.51.100.77' })).status !== 429) forgedPassed++;
    }
    expect(forgedPassed).toBeLessThanOrEqual(refilled(forgedFrom));
    // Another payer behind the same proxy is not affected.
    expect((await claim('127.0.0.3')).status).not.toBe(429);

    // A body over the service's limit is refused by the service, in its error shape.
    const large = await fromAddress(`${stack.url}/Payments/india_match`, '127.0.0.4', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ payment_uid: order.paymentUid, serial_number: 'x'.repeat(20_000) }),
    });
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toMatchObject({ result: 'error', data: { error: 'payload_too_large' } });
    // One far over the proxy's own limit is refused by nginx, in the service's error shape too.
    const huge = await fromAddress(`${stack.url}/Payments/india_match`, '127.0.0.4', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(400_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(huge.body)).toMatchObject({ result: 'error', data: { error: 'payload_too_large' } });
  });

  test('TLS as shipped: plain HTTP redirects, answers carry HSTS, and the access log keeps no token or query', async () => {
    const redirected = await fromAddress(`${nginx?.httpUrl}/checkout/abc?lang=hi`, '127.0.0.5');
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe('https://127.0.0.1/checkout/abc?lang=hi');

    const health = await fromAddress(`${stack.url}/healthz`, '127.0.0.5');
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000');

    const token = 'it_ThisTokenMustNeverBeLogged0123456789';
    const ingest = await fromAddress(
      `${stack.url}/ingest/sms/${token}?secret=query-must-not-be-logged`,
      '127.0.0.5',
      {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'Rs.5.00 credited',
      },
    );
    expect(ingest.status).toBe(404);
    // nginx writes its access line when the answer is done; give it the time a busy machine takes.
    await expect.poll(() => readFileSync(nginx?.accessLog ?? '', 'utf8')).toContain('/ingest/sms/[token]');
    const accessLog = readFileSync(nginx?.accessLog ?? '', 'utf8');
    expect(accessLog).not.toContain(token);
    expect(accessLog).not.toContain('query-must-not-be-logged');
    expect(accessLog).not.toContain('lang=hi');
    expect(accessLog).toContain('"GET /checkout/abc HTTP/1.1" 301');
  });
});
