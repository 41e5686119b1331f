/**
 * Every screen state of the checkout page, as fixed payer views and the steps that reach the states
 * a payer gets to by acting, served with the built page (dist/checkout) under its production
 * Content Security Policy by a small server that answers the payer API. Shared by
 * scripts/screenshots.ts (docs/screenshots/) and the locale-overflow flow, so both see the same
 * screens. The steps use no text, so they work in every language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { contentSecurityPolicy } from '../../../src/server/checkout-page/page-headers.js';
import type { PayerOrder } from '../../../src/shared/payer-order.js';

const MINUTE = 60_000;

export interface ScreenState {
  /** Also the order's payment_uid: `shot_<name>`. */
  readonly name: string;
  readonly order: (now: number) => PayerOrder;
  /** What the payer does to get there, after the page has shown the order. */
  readonly act?: (page: Page) => Promise<void>;
  /** Phones only (app buttons, web views). */
  readonly phoneOnly?: boolean;
  /** Inside an Android app's web view (user agent with `; wv)`). */
  readonly webView?: boolean;
  /** Printed rather than shown: no layout to measure on a screen. */
  readonly print?: boolean;
}

/** The user agent of an Android web view inside another app (a game), as Chrome's WebView sends it. */
export const WEB_VIEW_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36';

function upi(now: number, name: string, extra: Partial<PayerOrder> = {}): PayerOrder {
  const uid = `shot_${name}`;
  const redirect = 'https://shop.example/checkout/return?cart=8841';
  const status = extra.payment_status ?? 'pending';
  return {
    payment_uid: uid,
    merchant_order_id: 'ORD-2030-000451',
    merchant: { name: 'Chai Point', brand_color: '#0b6e4f', support_contact: 'help@chaipoint.example' },
    transaction_type: 'income',
    payterm: 'UPI',
    amount: '1500.00',
    final_amount: '1500.00',
    currency: 'INR',
    payment_status: status,
    fail_reason: null,
    to_name: 'Chai Point Retail Pvt Ltd',
    created_at: new Date(now - 3 * MINUTE).toISOString(),
    expires_at: new Date(now + 12 * MINUTE).toISOString(),
    server_time: new Date(now).toISOString(),
    status_changed_at: new Date(now - MINUTE).toISOString(),
    extra:
      'upi://pay?pa=chaipoint@okhdfc&pn=Chai%20Point&am=1500.00&cu=INR&tr=PAY8F3K2Q&tn=Order%20ORD-2030-000451',
    collection: { kind: 'upi', vpa: 'chaipoint@okhdfc', payee_name: 'Chai Point Retail Pvt Ltd' },
    redirect_url: redirect,
    return_url: `${redirect}&merchant_order_id=ORD-2030-000451&payment_uid=${uid}&payment_status=${status}&signature=0f3a9c`,
    utr: null,
    utr_attempts_left: 5,
    checking_until: null,
    payout: null,
    embed_origins: [],
    sandbox: false,
    ...extra,
  };
}

/** A collection checking a UTR for `minutes`, its expiry `expiresIn` minutes away (negative: past). */
function checking(now: number, name: string, minutes: number, expiresIn: number, left = 4): PayerOrder {
  const expires = now + expiresIn * MINUTE;
  return upi(now, name, {
    payment_status: 'processing',
    utr: '012345678901',
    utr_attempts_left: left,
    expires_at: new Date(expires).toISOString(),
    status_changed_at: new Date(now - minutes * MINUTE).toISOString(),
    checking_until: new Date(expires + 24 * 60 * MINUTE).toISOString(),
  });
}

/** Keeps app links from navigating (there is no app to open); the page's own handlers still run. */
async function holdAppLinks(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => {
        if (event.target instanceof Element && event.target.closest('.app-buttons a')) event.preventDefault();
      },
      true,
    ),
  );
}

/**
 * A UTR as banks number them on the page's day (year digit, day of the year, Indian time), so the
 * page's plausibility check lets it through without a warning.
 */
async function todaysUtr(page: Page): Promise<string> {
  const ist = new Date((await page.evaluate(() => Date.now())) + 330 * MINUTE);
  const day = Math.floor((ist.getTime() - Date.UTC(ist.getUTCFullYear(), 0, 1)) / (1440 * MINUTE)) + 1;
  return `${ist.getUTCFullYear() % 10}${String(day).padStart(3, '0')}10345678`;
}

async function submitUtr(page: Page, utr?: string): Promise<void> {
  await page.locator('section.utr input').fill(utr ?? (await todaysUtr(page)));
  await page.locator('section.utr button[type="submit"]').click();
}

export const SCREEN_STATES: readonly ScreenState[] = [
  { name: 'pay', order: (now) => upi(now, 'pay') },
  {
    name: 'imps',
    order: (now) =>
      upi(now, 'imps', {
        payterm: 'IMPS',
        amount: '250000.00',
        final_amount: '250000.00',
        extra: null,
        collection: {
          kind: 'imps',
          account: '001234567890123',
          account_name: 'Chai Point Retail Pvt Ltd',
          ifsc: 'HDFC0001234',
          bank_name: 'HDFC Bank',
        },
      }),
  },
  { name: 'verifying', order: (now) => checking(now, 'verifying', 1, 12) },
  { name: 'long-wait', order: (now) => checking(now, 'long-wait', 7, 6) },
  { name: 'expired-checking', order: (now) => checking(now, 'expired-checking', 16, -2) },
  { name: 'limit', order: (now) => checking(now, 'limit', 3, 9, 0) },
  {
    name: 'success',
    order: (now) => upi(now, 'success', { payment_status: 'completed', utr: '012345678901' }),
  },
  {
    name: 'success-print',
    order: (now) => upi(now, 'success-print', { payment_status: 'completed', utr: '012345678901' }),
    print: true,
    async act(page) {
      await page.emulateMedia({ media: 'print' });
    },
  },
  {
    name: 'rejected',
    order: (now) =>
      upi(now, 'rejected', {
        payment_status: 'reject',
        utr: '012345678901',
        final_amount: '150.00',
        fail_reason: { code: 'amount_mismatch', params: { expected: '1500.00', received: '150.00' } },
      }),
  },
  {
    name: 'failed',
    order: (now) =>
      upi(now, 'failed', {
        payment_status: 'failed',
        utr: '012345678901',
        utr_attempts_left: 4,
        fail_reason: { code: 'no_payment', params: {} },
      }),
  },
  {
    name: 'expired',
    order: (now) =>
      upi(now, 'expired', { payment_status: 'overdue', expires_at: new Date(now - MINUTE).toISOString() }),
  },
  {
    name: 'payout',
    order: (now) =>
      upi(now, 'payout', {
        transaction_type: 'expense',
        payterm: 'IMPS',
        amount: '1200.75',
        final_amount: '1200.75',
        payment_status: 'completed',
        to_name: '',
        expires_at: null,
        extra: null,
        collection: null,
        utr: '012398765432',
        payout: {
          bank_reference: '012398765432',
          account: 'XXXXXXXX1012',
          completed_at: new Date(now - MINUTE).toISOString(),
        },
      }),
  },
  {
    name: 'app-help',
    order: (now) => upi(now, 'app-help'),
    phoneOnly: true,
    async act(page) {
      await holdAppLinks(page);
      await page.locator('.app-buttons a.app').first().click();
      await page.locator('.app-help').waitFor({ timeout: 10_000 });
    },
  },
  {
    name: 'utr-warning',
    order: (now) => upi(now, 'utr-warning'),
    async act(page) {
      await submitUtr(page, '919876543210');
      await page.locator('section.utr .warning').waitFor();
      await page.locator('section.utr').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'change-utr',
    order: (now) => checking(now, 'change-utr', 1, 12),
    async act(page) {
      await page.locator('section.verifying > .actions button').first().click();
      await page.locator('section.verifying section.utr input').waitFor();
    },
  },
  {
    name: 'credit-mismatch',
    order: (now) => upi(now, 'credit-mismatch', { amount: '500.00', final_amount: '500.00' }),
    async act(page) {
      await submitUtr(page);
      await page.locator('section.utr p[role="alert"]').waitFor();
      await page.locator('section.utr').scrollIntoViewIfNeeded();
    },
  },
  { name: 'web-view', order: (now) => upi(now, 'web-view'), phoneOnly: true, webView: true },
  {
    name: 'offline',
    order: (now) => upi(now, 'offline'),
    async act(page) {
      // The connection drops: requests fail and the browser says it is offline.
      await page.route('**/checkout/api/**', (route) => route.abort('internetdisconnected'));
      await page.route('**/Payments/**', (route) => route.abort('internetdisconnected'));
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await submitUtr(page);
      await page.locator('section.utr .note').waitFor();
      await page.locator('section.utr').scrollIntoViewIfNeeded();
    },
  },
];

export interface CheckoutServer {
  readonly url: string;
  /** The address of a state's page in a language. */
  pageUrl(state: ScreenState, lang: string): string;
  close(): Promise<void>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/**
 * Serves dist/checkout with the service's Content Security Policy and answers the payer API with
 * the states' views at `now()`: the poll, the event stream (the view once, then open) and
 * `india_match` (409 `credit_mismatch` for the credit-mismatch state, else accepted).
 */
export async function startCheckoutServer(dist: string, now: () => number): Promise<CheckoutServer> {
  const byUid = new Map(SCREEN_STATES.map((state) => [`shot_${state.name}`, state]));
  const server = createServer((req, res) => {
    void answer(req, res);
  });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const api = /^\/checkout\/api\/orders\/([\w-]+)(\/events)?$/.exec(url.pathname);
    if (api) {
      const state = byUid.get(api[1] ?? '');
      if (!state) return send(res, 404, 'application/json', error('not_found'));
      const body = JSON.stringify({ result: 'success', data: state.order(now()) });
      if (api[2]) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
        res.write(`id: 1\ndata: ${body}\n\n`);
        return;
      }
      return send(res, 200, 'application/json', body);
    }
    if (req.method === 'POST' && url.pathname === '/Payments/india_match') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const claim = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
      if (claim.payment_uid === 'shot_credit-mismatch') {
        return send(res, 409, 'application/json', error('credit_mismatch', { credit_amount: '499.00' }));
      }
      const data = {
        payment_uid: claim.payment_uid,
        serial_number: claim.serial_number,
        payment_status: 'processing',
      };
      return send(res, 200, 'application/json', JSON.stringify({ result: 'success', data }));
    }
    const asset = /^\/checkout\/((?:assets\/)?[\w.-]+\.\w+)$/.exec(url.pathname);
    if (asset?.[1] && existsSync(join(dist, asset[1]))) {
      return send(
        res,
        200,
        TYPES[extname(asset[1])] ?? 'application/octet-stream',
        readFileSync(join(dist, asset[1])),
        {
          'Cache-Control': 'public, max-age=3600',
        },
      );
    }
    if (/^\/checkout\/[\w.-]+$/.test(url.pathname)) {
      return send(res, 200, 'text/html; charset=utf-8', readFileSync(join(dist, 'index.html')), {
        'Content-Security-Policy': contentSecurityPolicy([]),
      });
    }
    send(res, 404, 'text/plain', 'not found');
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    pageUrl: (state, lang) => `${base}/checkout/shot_${state.name}?lang=${lang}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function error(code: string, extra: Record<string, string> = {}): string {
  return JSON.stringify({ result: 'error', data: { error: code, details: `${code} (sample)`, ...extra } });
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

/** Waits until the page shows its order's screen (or the pay screen's summary). */
export async function waitForScreen(page: Page): Promise<void> {
  await page.waitForSelector('main h1, main .summary');
}
