#!/usr/bin/env node
/**
 * Screenshots of the built checkout page in a real browser (Debian's Chromium via playwright-core):
 * phone and desktop, light and dark, English and Hindi, of the pay, verifying, success, rejected,
 * failed and expired screens. Serves dist/checkout itself, with the production CSP, and answers the payer
 * API with fixed sample orders. Reports console errors and CSP violations; exits 1 on any.
 *
 * Usage: npm run build:checkout && node scripts/screenshots.mjs [outDir]
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';

const dist = 'dist/checkout';
const outDir = process.argv[2] ?? 'docs/screenshots';
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

function order(status, extra = {}) {
  const now = Date.now();
  return {
    payment_uid: `shot_${status}`,
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
    created_at: new Date(now - 3 * 60_000).toISOString(),
    expires_at: new Date(now + 12 * 60_000).toISOString(),
    server_time: new Date(now).toISOString(),
    status_changed_at: new Date(now).toISOString(),
    extra:
      'upi://pay?pa=chaipoint@okhdfc&pn=Chai%20Point&am=1500.00&cu=INR&tr=PAY8F3K2Q&tn=Order%20ORD-2030-000451',
    collection: { kind: 'upi', vpa: 'chaipoint@okhdfc', payee_name: 'Chai Point Retail Pvt Ltd' },
    redirect_url: null,
    utr: null,
    utr_attempts_left: 5,
    embed_origins: [],
    sandbox: false,
    ...extra,
  };
}

const ORDERS = {
  pay: order('pending'),
  verifying: order('processing', { utr: '012345678901', utr_attempts_left: 4 }),
  success: order('completed', { utr: '012345678901', redirect_url: 'https://shop.example/thanks' }),
  rejected: order('reject', {
    utr: '012345678901',
    final_amount: '150.00',
    fail_reason: { code: 'amount_mismatch', params: { expected: '1500.00', received: '150.00' } },
    redirect_url: 'https://shop.example/cart',
  }),
  failed: order('failed', {
    utr: '012345678901',
    utr_attempts_left: 4,
    fail_reason: { code: 'no_payment', params: {} },
    redirect_url: 'https://shop.example/cart',
  }),
  expired: order('overdue', {
    expires_at: new Date(Date.now() - 60_000).toISOString(),
    redirect_url: 'https://shop.example/cart',
  }),
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const api = /^\/checkout\/api\/orders\/shot_(\w+)$/.exec(url.pathname);
  if (api) {
    const screen = Object.entries(ORDERS).find(([, o]) => o.payment_uid === `shot_${api[1]}`)?.[0];
    if (!screen)
      return send(
        res,
        404,
        'application/json',
        JSON.stringify({ result: 'error', data: { error: 'not_found', details: 'x' } }),
      );
    const data = { ...ORDERS[screen], server_time: new Date().toISOString() };
    return send(res, 200, 'application/json', JSON.stringify({ result: 'success', data }));
  }
  const asset = /^\/checkout\/((?:assets\/)?[\w.-]+\.\w+)$/.exec(url.pathname);
  if (asset && existsSync(join(dist, asset[1]))) {
    return send(
      res,
      200,
      TYPES[extname(asset[1])] ?? 'application/octet-stream',
      readFileSync(join(dist, asset[1])),
    );
  }
  if (/^\/checkout\/[\w.-]+$/.test(url.pathname)) {
    return send(res, 200, 'text/html; charset=utf-8', readFileSync(join(dist, 'index.html')), {
      'Content-Security-Policy': CSP,
    });
  }
  send(res, 404, 'text/plain', 'not found');
});

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const DEVICES = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  },
  desktop: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
};
const problems = [];
mkdirSync(outDir, { recursive: true });

for (const [device, options] of Object.entries(DEVICES)) {
  for (const colorScheme of ['light', 'dark']) {
    for (const lang of ['en', 'hi']) {
      const context = await browser.newContext({
        ...options,
        colorScheme,
        locale: lang === 'hi' ? 'hi-IN' : 'en-IN',
      });
      for (const screen of Object.keys(ORDERS)) {
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`${screen}/${device}: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`${screen}/${device}: ${error.message}`));
        await page.goto(`${base}/checkout/${ORDERS[screen].payment_uid}?lang=${lang}`);
        await page.waitForSelector('main h1, main .summary');
        if (screen === 'pay' && device === 'desktop') await page.waitForSelector('svg.qr');
        if (screen === 'success')
          await page
            .getByRole('button')
            .filter({ hasText: /Chai Point/ })
            .first()
            .waitFor();
        await page.waitForTimeout(150);
        const file = join(outDir, `${screen}-${device}-${colorScheme}-${lang}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`saved ${file}`);
        await page.close();
      }
      await context.close();
    }
  }
}

// Accessibility: axe-core (WCAG 2.x A/AA rules) on every screen, light and dark, phone and desktop.
// Axe is injected as a script, so this context bypasses the page's CSP (the screenshots above did not).
const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
for (const [device, options] of Object.entries(DEVICES)) {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ ...options, colorScheme, bypassCSP: true });
    for (const screen of Object.keys(ORDERS)) {
      const page = await context.newPage();
      await page.goto(`${base}/checkout/${ORDERS[screen].payment_uid}?lang=en`);
      await page.waitForSelector('main h1, main .summary');
      if (screen === 'pay' && device === 'desktop') await page.waitForSelector('svg.qr');
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        });
        return result.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        );
      });
      for (const violation of violations)
        problems.push(`axe ${screen}/${device}/${colorScheme}: ${violation}`);
      console.log(`axe ${screen}/${device}/${colorScheme}: ${violations.length} violations`);
      await page.close();
    }
    await context.close();
  }
}

await browser.close();
server.close();
for (const problem of problems) console.error(`screenshots: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
