#!/usr/bin/env -S npx tsx
/**
 * Screenshots of the built checkout page in a real browser (Debian's Chromium via playwright-core),
 * light and dark, English and Hindi, of every screen state (test/e2e/support/checkout-states.ts):
 * the screens of each status, and the states the payer reaches by acting ("The app didn't open?",
 * a UTR that looks wrong, the change-UTR form, a UTR of another payment, the connection lost with a
 * UTR kept). The screens that were there before this set grew are taken on a phone and a desktop;
 * the newer ones (dead ends, waiting, receipt, payout, web view, offline) on a phone, where payers
 * meet them. Then axe-core audits every screen, light and dark. Fails on console errors, CSP
 * violations and axe violations.
 *
 * Usage: npm run screenshots (builds first), or: npx tsx scripts/screenshots.ts [outDir]
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import {
  SCREEN_STATES,
  type ScreenState,
  startCheckoutServer,
  WEB_VIEW_UA,
  waitForScreen,
} from '../test/e2e/support/checkout-states.js';

const outDir = process.argv[2] ?? 'docs/screenshots';
/** Taken on desktops too; every other state on phones only. */
const ON_DESKTOP = new Set([
  'pay',
  'verifying',
  'success',
  'rejected',
  'failed',
  'expired',
  'utr-warning',
  'change-utr',
]);

const DEVICES: Record<'phone' | 'desktop', BrowserContextOptions> = {
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

const statesFor = (device: 'phone' | 'desktop') =>
  SCREEN_STATES.filter((state) =>
    device === 'phone' ? true : ON_DESKTOP.has(state.name) && !state.phoneOnly,
  );

const server = await startCheckoutServer('dist/checkout', () => Date.now());
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const problems: string[] = [];
mkdirSync(outDir, { recursive: true });

/** Opens a state's page in its context (a web view's own user agent where it needs one) and acts. */
async function open(
  contexts: { normal: BrowserContext; webView: BrowserContext },
  state: ScreenState,
  lang: string,
  device: string,
): Promise<Page> {
  const page = await (state.webView ? contexts.webView : contexts.normal).newPage();
  page.on('console', (message) => {
    // The refusals these states are about are logged by the browser as failed requests.
    const expected =
      (state.name === 'offline' || state.name === 'credit-mismatch') &&
      /Failed to load resource|net::ERR/.test(message.text());
    if (message.type() === 'error' && !expected) problems.push(`${state.name}/${device}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${state.name}/${device}: ${error.message}`));
  await page.goto(server.pageUrl(state, lang));
  await waitForScreen(page);
  if (device === 'desktop' && state.name === 'pay') await page.waitForSelector('svg.qr');
  if (state.webView) await page.waitForSelector('svg.qr');
  await state.act?.(page);
  if (state.name === 'success') await page.locator('.closing button').first().waitFor();
  return page;
}

for (const [device, options] of Object.entries(DEVICES) as ['phone' | 'desktop', BrowserContextOptions][]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'hi']) {
      const base = { ...options, colorScheme, locale: lang === 'hi' ? 'hi-IN' : 'en-IN' };
      const contexts = {
        normal: await browser.newContext(base),
        webView: await browser.newContext({ ...base, userAgent: WEB_VIEW_UA }),
      };
      for (const state of statesFor(device)) {
        const page = await open(contexts, state, lang, device);
        await page.waitForTimeout(150);
        const file = join(outDir, `${state.name}-${device}-${colorScheme}-${lang}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`saved ${file}`);
        await page.close();
      }
      await contexts.normal.close();
      await contexts.webView.close();
    }
  }
}

// Accessibility: axe-core (WCAG 2.x A/AA rules) on every screen, light and dark, phone and desktop.
// Axe is injected as a script, so these contexts bypass the page's CSP (the screenshots above did not).
const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
for (const [device, options] of Object.entries(DEVICES) as ['phone' | 'desktop', BrowserContextOptions][]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const base = { ...options, colorScheme, bypassCSP: true };
    const contexts = {
      normal: await browser.newContext(base),
      webView: await browser.newContext({ ...base, userAgent: WEB_VIEW_UA }),
    };
    for (const state of statesFor(device)) {
      const page = await open(contexts, state, 'en', device);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                context: Document,
                options: object,
              ): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe;
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        });
        return result.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        );
      });
      for (const violation of violations)
        problems.push(`axe ${state.name}/${device}/${colorScheme}: ${violation}`);
      console.log(`axe ${state.name}/${device}/${colorScheme}: ${violations.length} violations`);
      await page.close();
    }
    await contexts.normal.close();
    await contexts.webView.close();
  }
}

await browser.close();
await server.close();
for (const problem of problems) console.error(`screenshots: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
