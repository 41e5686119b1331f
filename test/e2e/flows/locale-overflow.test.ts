/**
 * Every script fits a phone: every screen state of the page (test/e2e/support/checkout-states.ts)
 * in all 11 languages at 320 and 360 px wide, in Chromium with the Noto fonts of the Indian scripts
 * (Debian's fonts-noto-core, which CI installs), so the test sees the widths phones show. It fails
 * on a page wider than the screen, on anything reaching past the screen's edge, and on a button
 * whose text does not fit in it. One page per width: each state is opened once and its languages
 * are switched in place with the page's own picker. The states are served with the built page by
 * a small server of fixed views (no service needed), the page's clock held still.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCALES } from '../../../src/shared/locale-pick.js';
import { CHROMIUM_PATH } from '../support/browser.js';
import {
  type CheckoutServer,
  SCREEN_STATES,
  startCheckoutServer,
  WEB_VIEW_UA,
  waitForScreen,
} from '../support/checkout-states.js';
import { ROOT_DIR } from '../support/service-process.js';

const WIDTHS = [320, 360] as const;
const NOW = Date.parse('2030-05-01T10:00:00.000Z');
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
/** One Noto family per Indian script of the page's languages. */
const SCRIPT_FONTS = {
  hi: 'Noto Sans Devanagari',
  bn: 'Noto Sans Bengali',
  ta: 'Noto Sans Tamil',
  te: 'Noto Sans Telugu',
  gu: 'Noto Sans Gujarati',
  kn: 'Noto Sans Kannada',
  ml: 'Noto Sans Malayalam',
  pa: 'Noto Sans Gurmukhi',
  or: 'Noto Sans Oriya',
} as const;

let server: CheckoutServer;
let browser: Browser;

beforeAll(async () => {
  const dist = join(ROOT_DIR, 'dist', 'checkout');
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('dist/checkout is missing: npm run build:checkout');
  const missing = Object.entries(SCRIPT_FONTS).filter(
    ([lang, family]) =>
      !execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' }).includes(family),
  );
  if (missing.length > 0) {
    throw new Error(
      `fonts of Indian scripts missing (${missing.map(([, f]) => f).join(', ')}): install fonts-noto-core`,
    );
  }
  server = await startCheckoutServer(dist, () => NOW);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What does not fit, as sentences: the page's width, elements past the edge, clipped buttons. */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className)}"` : ''}> “${(element.textContent ?? '').trim().slice(0, 48)}”`;
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility() || element.closest('.visually-hidden')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        found.push(`${name(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px`);
      }
    }
    for (const control of document.querySelectorAll('button, a.button, select, summary, input')) {
      if (!control.checkVisibility()) continue;
      if (control.scrollWidth > control.clientWidth + 1) {
        found.push(
          `${name(control)} is clipped: ${control.scrollWidth} px of text in ${control.clientWidth} px`,
        );
      }
    }
    return found;
  });
}

describe('every script fits a phone', () => {
  for (const width of WIDTHS) {
    test(`every screen in all 11 languages fits ${width} px`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: 740 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        userAgent: PHONE_UA,
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
      });
      const page = await context.newPage();
      // Time stands still for the page (timers run): no countdown moves, no redirect leaves.
      await page.clock.setFixedTime(NOW);
      const cdp = await context.newCDPSession(page);
      const problems: string[] = [];
      const measured = new Set<string>();
      try {
        for (const state of SCREEN_STATES.filter((s) => !s.print)) {
          await cdp.send('Emulation.setUserAgentOverride', {
            userAgent: state.webView ? WEB_VIEW_UA : PHONE_UA,
          });
          await page.goto(server.pageUrl(state, 'en'));
          await waitForScreen(page);
          await state.act?.(page);
          for (const lang of LOCALES) {
            if (lang !== 'en') await page.locator('.language select').selectOption(lang);
            await page.waitForFunction((code) => document.documentElement.lang === code, lang);
            // Two frames: the new language laid out.
            await page.evaluate(
              () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
            );
            const found = await overflows(page);
            problems.push(
              ...found.slice(0, 4).map((problem) => `${state.name}, ${lang}, ${width} px: ${problem}`),
            );
            measured.add(`${state.name}/${lang}`);
          }
          await page.unrouteAll({ behavior: 'ignoreErrors' });
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
      expect(measured.size).toBe(SCREEN_STATES.filter((s) => !s.print).length * LOCALES.length);
    });
  }
});
