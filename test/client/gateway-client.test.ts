/**
 * The typed Node client (`upi-gateway/client`) against the service: its types follow the service's
 * /openapi.json (field for field), and it creates, queries and reads the balance through the real
 * app, verifies a real callback the dispatcher delivers, and turns error answers into GatewayErrors.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fromPaise,
  GatewayClient,
  GatewayError,
  OPENAPI_FIELDS,
  toPaise,
  verifyCallback,
  verifyReturn,
} from '../../src/client/index.js';
import { createMetrics } from '../../src/server/http/metrics.js';
import { silentLogger } from '../../src/server/log.js';
import { createDispatcher } from '../../src/server/notify/dispatcher.js';
import { claim, credit, freshUtr, UNLIMITED } from '../server/lifecycle/support/lifecycle-fixture.js';
import { type CallbackReceiver, startReceiver } from '../server/notify/support/callback-receiver.js';
import { DELIVERY_TIMEOUT_MS } from '../server/notify/support/dispatcher-setup.js';
import { createTestApp, type TestApp } from '../server/support/test-app.js';

let t: TestApp;
let receiver: CallbackReceiver;
let client: GatewayClient;
beforeAll(async () => {
  t = await createTestApp({ env: { ALLOW_PRIVATE_CALLBACKS: 'true' }, app: { payerLimits: UNLIMITED } });
  receiver = await startReceiver(() => t.merchant.api_secret);
  client = new GatewayClient({
    baseUrl: 'https://pay.test/',
    merchantUid: t.merchant.merchant_uid,
    apiKey: t.merchant.api_key,
    apiSecret: t.merchant.api_secret,
    fetch: (url, init) => Promise.resolve(t.app.request(url, init)),
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

interface Schema {
  readonly properties: Record<string, unknown>;
  readonly required?: readonly string[];
}

describe('the client types', () => {
  it("follow the service's /openapi.json, field for field", async () => {
    const document = (await (await t.app.request('/openapi.json')).json()) as {
      components: { schemas: Record<string, Schema> };
    };
    for (const [name, fields] of Object.entries(OPENAPI_FIELDS)) {
      const schema = document.components.schemas[name];
      expect(schema, name).toBeDefined();
      const required = [...(schema?.required ?? [])].sort();
      const optional = Object.keys(schema?.properties ?? {})
        .filter((field) => !required.includes(field))
        .sort();
      expect([...fields.required].sort(), `${name}: required`).toEqual(required);
      expect([...fields.optional].sort(), `${name}: optional`).toEqual(optional);
    }
  });
});

describe('GatewayClient', () => {
  it('creates a collection, finds it again on a retry, queries it and reads the balance', async () => {
    const order = {
      transaction_type: 'income',
      amount: '19.99',
      merchant_order_id: `CL-${Date.now()}`,
    } as const;
    const created = await client.createOrder(order);
    expect(created.payment).toMatchObject({ payment_status: 'pending', transaction_type: 'income' });
    expect(toPaise(created.payment.final_amount)).toBe(1999);
    expect(created.payment_url).toBe(`https://pay.test/checkout/${created.payment.payment_uid}`);
    expect((await client.createOrder(order)).payment.payment_uid).toBe(created.payment.payment_uid);

    const queried = await client.queryOrder(order.merchant_order_id);
    expect(queried).toMatchObject({
      payment_uid: created.payment.payment_uid,
      merchant_uid: t.merchant.merchant_uid,
      amount: '19.99',
      payment_status: 'pending',
      signature_key: t.merchant.api_key,
    });
    expect(await client.balance()).toMatchObject({ merchant_uid: t.merchant.merchant_uid, inr: '0.00' });
  });

  it('works under the /octopus/api alias too', async () => {
    const alias = new GatewayClient({
      baseUrl: 'https://pay.test',
      merchantUid: t.merchant.merchant_uid,
      apiKey: t.merchant.api_key,
      apiSecret: t.merchant.api_secret,
      prefix: '/octopus/api',
      fetch: (url, init) => {
        expect(url).toMatch(/^https:\/\/pay\.test\/octopus\/api\//);
        return Promise.resolve(t.app.request(url, init));
      },
    });
    expect((await alias.balance()).merchant_uid).toBe(t.merchant.merchant_uid);
  });

  it('throws GatewayErrors with the code, details and request id of an error answer', async () => {
    const id = `CL-DUP-${Date.now()}`;
    await client.createOrder({ transaction_type: 'income', amount: '10.00', merchant_order_id: id });
    const duplicate = await client
      .createOrder({ transaction_type: 'income', amount: '11.00', merchant_order_id: id })
      .catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(GatewayError);
    expect(duplicate).toMatchObject({ status: 409, code: 'duplicate_order', requestId: expect.any(String) });

    const missing = await client.queryOrder('no-such-order').catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });

    const payout = await client
      .createOrder({
        transaction_type: 'expense',
        amount: '1.00',
        merchant_order_id: `CL-PO-${Date.now()}`,
        to: '50100123456789',
        to_name: 'Asha Verma',
        to_bank_name: 'HDFC0001234',
      })
      .catch((error: unknown) => error);
    expect(payout).toMatchObject({ status: 422, code: 'insufficient_balance' });

    const forged = new GatewayClient({
      baseUrl: 'https://pay.test',
      merchantUid: t.merchant.merchant_uid,
      apiKey: t.merchant.api_key,
      apiSecret: '0'.repeat(64),
      fetch: (url, init) => Promise.resolve(t.app.request(url, init)),
    });
    await expect(forged.balance()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });
});

describe('verifyCallback', () => {
  it('accepts the callback the service sends and refuses it altered or under another secret', async () => {
    const created = await client.createOrder({
      transaction_type: 'income',
      amount: '25.50',
      merchant_order_id: `CL-CB-${Date.now()}`,
      notify_url: receiver.url,
    });
    const utr = freshUtr();
    expect((await claim(t, created.payment.payment_uid, utr)).status).toBe(200);
    expect((await credit(t, utr, '25.50')).status).toBe(201);
    const dispatcher = createDispatcher({
      db: t.db,
      clock: t.clock,
      log: silentLogger,
      metrics: createMetrics(),
      config: { allowPrivateCallbacks: true, workerId: 'client-test', secretKey: t.deps.config.secretKey },
      timeoutMs: DELIVERY_TIMEOUT_MS,
    });
    for (let pass = 0; pass < 3; pass += 1) await dispatcher.runOnce();
    const hit = receiver.hits.find((candidate) => candidate.fields.payment_status === 'completed');
    if (!hit) throw new Error('no completed callback arrived');
    const signature = String(hit.headers['oc-signature']);

    expect(verifyCallback(t.merchant.api_secret, hit.raw, signature)).toBe(true);
    expect(client.verifyCallback(hit.fields, ` ${signature.toUpperCase()} `)).toBe(true);
    expect(verifyCallback(t.merchant.api_secret, hit.raw.replace('"25.50"', '"2550.00"'), signature)).toBe(
      false,
    );
    expect(verifyCallback('0'.repeat(64), hit.raw, signature)).toBe(false);
    expect(verifyCallback(t.merchant.api_secret, 'not json', signature)).toBe(false);
    expect(verifyCallback(t.merchant.api_secret, hit.raw, '')).toBe(false);
    expect(toPaise(hit.fields.amount ?? '')).toBe(2550);
  });

  it('accepts both empty-value conventions (the documented example)', () => {
    const secret = '9c4f1e8a2b7d3c6f0e5a1b9d8c7f2e4a6b3d0c9e8f7a1b2c3d4e5f60718293a4';
    const body =
      '{"transaction_type":"income","amount":20,"merchant_order_id":"ORD-20261123-0002","merchant_uid":"M5F3A9C1E7B2D4086","from_name":"","order_uid":"7d0b6c1e-4a55-4f0e-9d8e-2a6f3c1b9e40","response_type":"json"}';
    expect(
      verifyCallback(secret, body, 'bfcf59d9a7f42a669318ee2a93b4a524546f7359532f3d7a7629c53b2e7f71f2'),
    ).toBe(true);
    expect(
      verifyCallback(secret, body, '043caf6879f5f477111e2c687a0d6084d3f1eab559a79cb6e31b968e4f4073ca'),
    ).toBe(true);
    expect(
      verifyCallback(secret, body, '043caf6879f5f477111e2c687a0d6084d3f1eab559a79cb6e31b968e4f4073cb'),
    ).toBe(false);
  });
});

describe('verifyReturn and amounts', () => {
  it('verifies the signed return to redirect_url over its three fields', () => {
    const secret = t.merchant.api_secret;
    const url = new URL('https://shop.example/back?cart=7');
    const fields = { merchant_order_id: 'SHOP-1', payment_status: 'completed', payment_uid: 'u-1' };
    for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
    url.searchParams.set(
      'signature',
      hmacHex(secret, 'merchant_order_id=SHOP-1&payment_status=completed&payment_uid=u-1'),
    );
    expect(verifyReturn(secret, url.href)).toBe(true);
    expect(client.verifyReturn(url)).toBe(true);
    expect(verifyReturn(secret, url.href.replace('completed', 'failed'))).toBe(false);
    url.searchParams.delete('payment_uid');
    expect(verifyReturn(secret, url)).toBe(false);
  });

  it('reads amounts as paise without floats and writes them back', () => {
    expect(toPaise('19.99')).toBe(1999);
    expect(toPaise('0.1')).toBe(10);
    expect(toPaise('100')).toBe(10000);
    expect(fromPaise(1999)).toBe('19.99');
    expect(fromPaise(5)).toBe('0.05');
    for (const bad of ['19.999', '-1.00', '1e3', ' 1.00', '', '1,000.00'])
      expect(() => toPaise(bad), bad).toThrow();
  });
});

/** HMAC-SHA256 in hex, written here independently of the client's module. */
function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}
