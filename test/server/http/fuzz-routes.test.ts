/**
 * Property: whatever arrives, on every route, in every content type and framing, the answer is
 * never a 5xx and every answer outside the page itself is JSON (errors in the error shape).
 * Signed and operator routes get valid credentials, and the ingest routes a valid token, so the
 * fuzz reaches validation, the body readers and the store rather than stopping at the door. The
 * bodies: JSON and forms of near-valid fields, raw bytes, JSON nested thousands deep, multipart
 * junk, NUL in every transport (JSON escape, raw byte, form, multipart field, text/plain, path,
 * query), random MIME messages (nested past the mail parser's 256 levels, random encodings), each
 * sent under any of the content types the service reads or refuses. Bounded in `npm test`
 * (FUZZ_RUNS, default 150); `npm run fuzz` runs 5,000 and prints its figures
 * (docs/integrity-checks.md).
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { checkoutPageRoutes } from '../../../src/server/checkout-page/checkout-page-routes.js';
import { createSource } from '../credits/credit-support.js';
import { createIncome, createLifecycleApp, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { OPERATOR_TOKEN, sign, type TestApp } from '../support/test-app.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let t: TestApp;
let app: ReturnType<typeof createApp>;
let routes: { method: string; path: string }[];
let paymentUid: string;
let ingestToken: string;
const dist = mkdtempSync(join(tmpdir(), 'fuzz-checkout-'));
beforeAll(async () => {
  t = await createLifecycleApp();
  // The page's routes over a stand-in build: its unknown files must answer JSON too.
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>checkout</title><div id="app"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'export {};');
  app = createApp(t.deps, {
    payerLimits: UNLIMITED,
    ingestLimit: { burst: 1_000_000, perSecond: 1_000_000 },
    checkoutPage: checkoutPageRoutes({ distDir: dist, embedOrigins: async () => [] }),
  });
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
  ingestToken = (await createSource(t, t.merchant)).ingest_token ?? '';
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
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

/** Every content type the service reads somewhere, and some it reads nowhere. */
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'text/plain',
  'text/plain; charset=iso-8859-1',
  'message/rfc822',
  'text/csv',
  'application/xml',
  'application/octet-stream',
  'text/html',
  '',
  'garbage;;;=',
];

/** JSON nested deep: arrays or objects, inside a field or bare, a few levels or thousands. */
const deepJson = () =>
  fc
    .record({
      depth: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1_000, max: 7_900 })),
      objects: fc.boolean(),
      inField: fc.boolean(),
      closed: fc.boolean(),
    })
    .map(({ depth, objects, inField, closed }) => {
      const open = objects ? '{"a":'.repeat(depth) : '['.repeat(depth);
      const close = closed ? (objects ? `1${'}'.repeat(depth)}` : ']'.repeat(depth)) : '';
      const core = `${open}${close}`;
      return inField ? `{"text":${core}${closed ? '}' : ''}` : core;
    });

const bytes = (maxLength: number) => fc.uint8Array({ maxLength });

/** A multipart body that is part form, part junk: boundaries missing, headers broken, bytes raw. */
const multipartJunk = () =>
  fc
    .record({
      boundary: fc.constantFrom('x', 'b1', '----WebKitFormBoundary7MA4YWxkTrZu0gW', ''),
      parts: fc.array(
        fc.record({
          headers: fc.constantFrom(
            'Content-Disposition: form-data; name="text"',
            'Content-Disposition: form-data; name="from"',
            'Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain',
            'Content-Disposition: form-data',
            'Content-Disposition: form-data; name=',
            'garbage',
            '',
          ),
          body: fc.oneof(text(), fc.constant('Rs.5.00 credited\u0000 UPI Ref 601512345678')),
          closed: fc.boolean(),
        }),
        { maxLength: 4 },
      ),
      end: fc.constantFrom('--\r\n', '', '--', '\r\n'),
      junk: fc.option(fc.string({ unit: 'binary', maxLength: 80 }), { freq: 3 }),
    })
    .map(({ boundary, parts, end, junk }) => ({
      type: `multipart/form-data; boundary=${boundary}`,
      body:
        junk ??
        `${parts
          .map((part) => `--${boundary}\r\n${part.headers}\r\n\r\n${part.body}${part.closed ? '\r\n' : ''}`)
          .join('')}--${boundary}${end}`,
    }));

/** NUL in every transport a body has. */
const nulBody = () =>
  fc.constantFrom(
    {
      type: 'application/json',
      body: '{"text":"Rs.5.00 credited\\u0000","payment_uid":"a\\u0000b","name":"x\\u0000"}',
    },
    { type: 'application/json', body: '{"text":"raw\u0000byte"}' },
    { type: 'application/json', body: '{"na\\u0000me":"x"}' },
    { type: 'application/x-www-form-urlencoded', body: 'text=%00&payment_uid=%00&serial_number=%00' },
    { type: 'application/x-www-form-urlencoded', body: 'text=a\u0000b' },
    {
      type: 'multipart/form-data; boundary=x',
      body: '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nRs.5.00\u0000\r\n--x--\r\n',
    },
    { type: 'text/plain', body: 'Rs.5.00 credited\u0000 UPI Ref 601512345678' },
    {
      type: 'message/rfc822',
      body: 'From: a@b.example\r\nSubject: x\u0000\r\n\r\nRs.5.00\u0000 credited\r\n',
    },
    { type: 'text/csv', body: 'Date,Narration,Amount\r\n01/01/2026,UPI/601512345678/\u0000,5.00\r\n' },
  );

/** A MIME message: nested multiparts (sometimes past 256 levels), random encodings and bytes. */
const randomMime = () =>
  fc
    .record({
      depth: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 250, max: 400 })),
      encoding: fc.constantFrom('7bit', 'base64', 'quoted-printable', 'x-unknown', '8bit'),
      charset: fc.constantFrom('utf-8', 'iso-8859-1', 'x-no-such-charset', 'utf-16'),
      body: fc.oneof(
        text(),
        fc.constant('Rs.5.00 credited UPI Ref 601512345678'),
        fc.constant('=ZZ=\r\n****'),
      ),
      html: fc.boolean(),
      cut: fc.option(fc.nat(), { freq: 3 }),
      raw: fc.option(bytes(2000), { freq: 4 }),
    })
    .map(({ depth, encoding, charset, body, html, cut, raw }) => {
      if (raw !== null) return { type: 'message/rfc822', body: raw as string | Uint8Array };
      const open = Array.from(
        { length: depth },
        (_, i) => `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`,
      ).join('');
      const leaf = `Content-Type: text/${html ? 'html' : 'plain'}; charset=${charset}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}\r\n`;
      const close = Array.from({ length: depth }, (_, i) => `--b${depth - 1 - i}--\r\n`).join('');
      const message = `From: alerts@bank.example\r\nDate: not a date\r\nMIME-Version: 1.0\r\n${open}${leaf}${close}`;
      return {
        type: 'message/rfc822',
        body: cut === null ? message : message.slice(0, cut % (message.length + 1)),
      };
    });

type Payload = {
  readonly kind: string;
  readonly type: string | undefined;
  readonly body: string | Uint8Array;
};

/** A body of one kind, sent under its own content type or any other. */
const payload = () =>
  fc
    .record({
      made: fc.oneof(
        {
          weight: 4,
          arbitrary: body().map((fields) => ({
            kind: 'json',
            type: 'application/json',
            body: JSON.stringify(fields),
          })),
        },
        {
          weight: 3,
          arbitrary: body().map((fields) => ({
            kind: 'form',
            type: 'application/x-www-form-urlencoded',
            body: new URLSearchParams(stringValues(fields)).toString(),
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .string({ unit: 'binary', maxLength: 60 })
            .map((raw) => ({ kind: 'raw', type: 'application/json', body: raw })),
        },
        {
          weight: 1,
          arbitrary: bytes(400).map((raw) => ({
            kind: 'bytes',
            type: 'application/octet-stream',
            body: raw,
          })),
        },
        {
          weight: 2,
          arbitrary: deepJson().map((raw) => ({ kind: 'deep', type: 'application/json', body: raw })),
        },
        { weight: 2, arbitrary: multipartJunk().map((made) => ({ kind: 'multipart', ...made })) },
        { weight: 2, arbitrary: nulBody().map((made) => ({ kind: 'nul', ...made })) },
        { weight: 2, arbitrary: randomMime().map((made) => ({ kind: 'mime', ...made })) },
      ),
      // Half the time the body goes under another content type, or none.
      otherType: fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 2 }),
      noType: fc.boolean(),
    })
    .map(
      ({ made, otherType, noType }): Payload => ({
        kind: made.kind,
        type: noType && otherType !== null ? undefined : (otherType ?? made.type),
        body: made.body,
      }),
    );

const request = () =>
  fc.record({
    route: fc.nat(),
    params: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: text() },
        { weight: 1, arbitrary: fc.constant('__order__') },
        { weight: 1, arbitrary: fc.constant('__merchant__') },
        { weight: 2, arbitrary: fc.constant('__token__') },
        { weight: 1, arbitrary: fc.constantFrom('assets', 'x.js', 'favicon.svgz', 'index-abc123.js') },
      ),
      { minLength: 4, maxLength: 4 },
    ),
    query: fc.dictionary(
      fc.constantFrom(
        'limit',
        'utr',
        'payment_uid',
        'merchant_uid',
        'status',
        'unmatched',
        'state',
        'format',
        'lang',
      ),
      text(),
      { maxKeys: 3 },
    ),
    payload: payload(),
    signed: fc.boolean(),
  });

function fill(path: string, params: string[]): string {
  let index = 0;
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?|\*/g, () => {
    const given = params[index++ % params.length] ?? '';
    const raw =
      given === '__order__'
        ? paymentUid
        : given === '__merchant__'
          ? t.merchant.merchant_uid
          : given === '__token__'
            ? ingestToken
            : given;
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

/** The page itself (an order's page, known or not) is HTML; nothing else is. */
function isThePage(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    method === 'GET' &&
    /^\/checkout(\/[^/]*)?$/.test(path) &&
    !/^\/checkout\/(assets|[^/]*\.[A-Za-z0-9]{1,12})$/.test(path)
  );
}

/** What the run saw, printed at its end (docs/integrity-checks.md records `npm run fuzz`'s). */
const seen = {
  cases: 0,
  byKind: new Map<string, number>(),
  byStatus: new Map<string, number>(),
  fiveHundreds: 0,
  nonJson: 0,
};
const tally = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

describe('every route, whatever arrives', () => {
  it('never answers 5xx, and every answer outside the page itself is JSON (errors in the error shape)', async () => {
    expect(routes.length).toBeGreaterThan(15);
    await fc.assert(
      fc.asyncProperty(request(), async (input) => {
        const route = routes[input.route % routes.length];
        if (!route) return;
        const query = new URLSearchParams(input.query).toString();
        const url = `${fill(route.path, input.params)}${query ? `?${query}` : ''}`;
        const headers: Record<string, string> = {};
        if (url.startsWith('/operator/') || url.startsWith('/metrics'))
          headers.Authorization = `Bearer ${OPERATOR_TOKEN}`;
        let payload: string | Uint8Array | undefined;
        if (route.method !== 'GET' && route.method !== 'HEAD') {
          payload = input.payload.body;
          if (input.payload.type !== undefined) headers['Content-Type'] = input.payload.type;
          if (
            url.startsWith('/gateway/') &&
            input.signed &&
            typeof payload === 'string' &&
            input.payload.kind === 'json'
          ) {
            const fields = JSON.parse(payload) as Record<string, unknown>;
            headers['OC-Key'] = t.merchant.api_key;
            headers['OC-Signature'] = sign(t.merchant.api_secret, stringValues(fields));
          }
        }
        let response: Response;
        try {
          response = await app.request(url, {
            method: route.method,
            headers,
            ...(payload === undefined
              ? {}
              : { body: typeof payload === 'string' ? payload : new Uint8Array(payload) }),
          });
        } catch (error) {
          throw new Error(`${route.method} ${url} threw: ${String(error)}`);
        }
        const status = response.status;
        seen.cases++;
        tally(seen.byKind, payload === undefined ? 'none' : input.payload.kind);
        tally(seen.byStatus, `${Math.floor(status / 100)}xx`);
        if (status >= 500) seen.fiveHundreds++;
        const type = response.headers.get('content-type') ?? '';
        if (type.startsWith('text/event-stream')) {
          // An event stream stays open until the order is final: its start is the answer here.
          expect(status).toBe(200);
          await response.body?.cancel();
          return;
        }
        const answer = await response.text();
        const shown = typeof payload === 'string' ? payload.slice(0, 200) : `<${payload?.length ?? 0} bytes>`;
        const context = `${route.method} ${url} [${input.payload.kind} as ${input.payload.type ?? 'no type'}] ${shown} -> ${status} ${answer.slice(0, 300)}`;
        expect(status, context).toBeLessThan(500);
        if (isThePage(route.method, url) && type.startsWith('text/html')) return;
        if (route.path.startsWith('/checkout/assets') && status === 200) return;
        if (route.path === '/metrics' && status === 200) return;
        if (status === 304) return;
        if (!type.startsWith('application/json')) seen.nonJson++;
        expect(type, context).toMatch(/^application\/json/);
        const parsed = JSON.parse(answer);
        if (status >= 400) {
          expect(parsed, context).toMatchObject({
            result: 'error',
            data: { error: expect.any(String), details: expect.any(String) },
          });
        }
      }),
      { numRuns: RUNS },
    );
    const kinds = [...seen.byKind]
      .sort()
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
    const statuses = [...seen.byStatus]
      .sort()
      .map(([status, n]) => `${status} ${n}`)
      .join(', ');
    console.log(
      `fuzz: ${seen.cases} cases over ${routes.length} routes; ${seen.fiveHundreds} answers of 5xx, ${seen.nonJson} non-JSON answers outside the page; bodies: ${kinds}; answers: ${statuses}`,
    );
  }, 1_800_000);
});
