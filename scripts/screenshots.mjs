#!/usr/bin/env node
/**
 * Screenshots of the built checkout page in a real browser (Debian's Chromium via playwright-core):
 * phone and desktop, light and dark, English and Hindi, of the pay, verifying, success, rejected,
 * failed and expired screens, and of three states the payer reaches by acting: "The app didn't
 * open?" help (phone: an app button tapped, the page still visible after about 2 s), the warning
 * for a UTR that looks wrong (a mobile number with 91), and the change-UTR form opened on the
 * verifying screen. Serves dist/checkout itself, with the production CSP, and answers the payer
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

/**
 * States reached by acting on a screen. The selectors do not depend on the language. App links
 * are kept from navigating (no app to open here); the page's own click handler still runs.
 */
const INTERACTIONS = {
  'app-help': {
    order: 'pay',
    phoneOnly: true,
    async act(page) {
      await page.evaluate(() =>
        document.addEventListener(
          'click',
          (event) => {
            if (event.target instanceof Element && event.target.closest('.app-buttons a'))
              event.preventDefault();
          },
          true,
        ),
      );
      await page.locator('.app-buttons a.app').first().click();
      await page.locator('.app-help').waitFor({ timeout: 10_000 });
    },
  },
  'utr-warning': {
    order: 'pay',
    async act(page) {
      await page.locator('section.utr input').fill('919876543210');
      await page.locator('section.utr button[type="submit"]').click();
      await page.locator('section.utr .warning').waitFor();
      await page.locator('section.utr').scrollIntoViewIfNeeded();
    },
  },
  'change-utr': {
    order: 'verifying',
    async act(page) {
      await page.locator('section.verifying .actions button').first().click();
      await page.locator('section.verifying section.utr input').waitFor();
    },
  },
};

/** Every screen to take on a device: the orders' screens, then the interactions. */
function screensFor(device) {
  return [
    ...Object.keys(ORDERS).map((screen) => ({ name: screen, order: screen, act: undefined })),
    ...Object.entries(INTERACTIONS)
      .filter(([, interaction]) => device === 'phone' || !interaction.phoneOnly)
      .map(([name, interaction]) => ({ name, order: interaction.order, act: interaction.act })),
  ];
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const api = /^\/checkout\/api\/orders\/shot_(\w+)(\/events)?$/.exec(url.pathname);
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
    const body = JSON.stringify({ result: 'success', data });
    if (api[2]) {
      // The pushed status, as the service sends it: the view once, then the stream stays open.
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      return res.write(`id: 1\ndata: ${body}\n\n`);
    }
    return send(res, 200, 'application/json', body);
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
      for (const { name: screen, order: shown, act } of screensFor(device)) {
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`${screen}/${device}: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`${screen}/${device}: ${error.message}`));
        await page.goto(`${base}/checkout/${ORDERS[shown].payment_uid}?lang=${lang}`);
        await page.waitForSelector('main h1, main .summary');
        if (shown === 'pay' && device === 'desktop') await page.waitForSelector('svg.qr');
        await act?.(page);
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
    for (const { name: screen, order: shown, act } of screensFor(device)) {
      const page = await context.newPage();
      await page.goto(`${base}/checkout/${ORDERS[shown].payment_uid}?lang=en`);
      await page.waitForSelector('main h1, main .summary');
      if (shown === 'pay' && device === 'desktop') await page.waitForSelector('svg.qr');
      await act?.(page);
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
server.closeAllConnections();
server.close();
for (const problem of problems) console.error(`screenshots: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
