/**
 * Property: whatever arrives, on every route and in both content types (JSON and form), the
 * answer is never a 5xx and every error is JSON in the error shape. Signed and operator routes
 * get valid credentials, so the fuzz reaches validation and the store rather than stopping at the
 * door. Bounded in `npm test` (FUZZ_RUNS, default 150); `npm run fuzz` runs a longer mode.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { callbackRoutes } from '../../../src/server/notify/callback-routes.js';
import { createIncome, createLifecycleApp, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { OPERATOR_TOKEN, sign, type TestApp } from '../support/test-app.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let t: TestApp;
let app: ReturnType<typeof createApp>;
let routes: { method: string; path: string }[];
let paymentUid: string;
beforeAll(async () => {
  t = await createLifecycleApp();
  app = createApp(t.deps, { operatorExtras: [callbackRoutes(t.deps)], payerLimits: UNLIMITED });
  const seen = new Set<string>();
  routes = app.routes
    .filter((route) => route.method !== 'ALL')
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((route) => ({ method: route.method, path: route.path }));
  paymentUid = await createIncome(t);
});
afterAll(async () => {
  await t.close();
});

const FIELDS = [
  'transaction_type',
  'amount',
  'merchant_order_id',
  'merchant_uid',
  'currency',
  'payterm',
  'payment',
  'country',
  'accounting_type',
  'redirect_url',
  'notify_url',
  'response_type',
  'from',
  'from_name',
  'from_bank_name',
  'to',
  'to_name',
  'to_bank_name',
  'channel',
  'merchant_id',
  'order_uid',
  'name',
  'upi_vpa',
  'upi_payee_name',
  'imps_account',
  'imps_account_name',
  'imps_ifsc',
  'upi_min',
  'upi_max',
  'imps_min',
  'imps_max',
  'embed_origins',
  'brand_color',
  'utr',
  'payee',
  'payer_name',
  'credited_at',
  'status',
  'reason',
  'payment_uid',
  'serial_number',
];

/** Text that looks right, text that almost does, and anything at all (control characters included). */
const text = () =>
  fc.oneof(
    fc.constantFrom(
      '100.00',
      ' 100.00',
      '100.00\n',
      '0',
      '-1',
      '1e9',
      '99999999999999.99',
      'income',
      'expense',
      'UPI',
      'IMPS',
      'india',
      'inr',
      'json',
      'receive',
      'pay',
      'completed',
      'refund',
      '123456789012',
      '0000-01-01T00:00:00Z',
      '2026-01-15T09:30:00+05:30',
      'https://shop.example/n',
      'http://127.0.0.1/n',
      'shop@okaxis',
      'HDFC0001234',
      '#0a7d5a',
      '',
      '\u0000',
      'a\u001b[2Jb',
      '%00',
      '../../etc',
      '\ud800',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 300 }),
  );

const value = () =>
  fc.oneof(
    { weight: 6, arbitrary: text() },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(text(), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(text(), text(), { maxKeys: 3 }) },
  );

const body = () =>
  fc.dictionary(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, text()), value(), {
    maxKeys: 12,
  });

const request = () =>
  fc.record({
    route: fc.nat(),
    params: fc.array(fc.oneof(text(), fc.constant('__order__'), fc.constant('__merchant__')), {
      minLength: 4,
      maxLength: 4,
    }),
    query: fc.dictionary(
      fc.constantFrom('limit', 'utr', 'payment_uid', 'merchant_uid', 'status', 'unmatched'),
      text(),
      {
        maxKeys: 3,
      },
    ),
    body: body(),
    form: fc.boolean(),
    rawBody: fc.option(fc.string({ unit: 'binary', maxLength: 60 }), { freq: 8 }),
    signed: fc.boolean(),
  });

function fill(path: string, params: string[]): string {
  let index = 0;
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?|\*/g, () => {
    const given = params[index++ % params.length] ?? '';
    const raw =
      given === '__order__' ? paymentUid : given === '__merchant__' ? t.merchant.merchant_uid : given;
    return encodeURIComponent(raw.replace(/[\ud800-\udfff]/g, 'x')).replace(/%25(?=[0-9A-Fa-f]{2})/g, '%');
  });
}

function stringValues(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, item]) => [
      name,
      typeof item === 'string' ? item : JSON.stringify(item),
    ]),
  );
}

describe('every route, whatever arrives', () => {
  it('never answers 5xx, and every error is JSON in the error shape', async () => {
    expect(routes.length).toBeGreaterThan(15);
    await fc.assert(
      fc.asyncProperty(request(), async (input) => {
        const route = routes[input.route % routes.length];
        if (!route) return;
        const query = new URLSearchParams(input.query).toString();
        const url = `${fill(route.path, input.params)}${query ? `?${query}` : ''}`;
        const headers: Record<string, string> = {};
        if (url.startsWith('/operator/')) headers.Authorization = `Bearer ${OPERATOR_TOKEN}`;
        let payload: string | undefined;
        if (route.method !== 'GET' && route.method !== 'HEAD') {
          if (input.rawBody !== null) payload = input.rawBody;
          else if (input.form) payload = new URLSearchParams(stringValues(input.body)).toString();
          else payload = JSON.stringify(input.body);
          headers['Content-Type'] = input.form ? 'application/x-www-form-urlencoded' : 'application/json';
          if (url.startsWith('/gateway/') && input.signed) {
            headers['OC-Key'] = t.merchant.api_key;
            headers['OC-Signature'] = sign(t.merchant.api_secret, stringValues(input.body));
          }
        }
        let response: Response;
        try {
          response = await app.request(url, {
            method: route.method,
            headers,
            ...(payload === undefined ? {} : { body: payload }),
          });
        } catch (error) {
          throw new Error(`${route.method} ${url} threw: ${String(error)}`);
        }
        const status = response.status;
        if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
          // An event stream stays open until the order is final: its start is the answer here.
          expect(status).toBe(200);
          await response.body?.cancel();
          return;
        }
        const answer = await response.text();
        const context = `${route.method} ${url} ${payload ?? ''} -> ${status} ${answer.slice(0, 300)}`;
        expect(status, context).toBeLessThan(500);
        if (status >= 400) {
          expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
          const parsed = JSON.parse(answer);
          expect(parsed, context).toMatchObject({
            result: 'error',
            data: { error: expect.any(String), details: expect.any(String) },
          });
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
