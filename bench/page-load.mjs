#!/usr/bin/env node
/**
 * Page load on a real order's payment_url served by the built service (embedded store):
 *   1. Lighthouse 12, mobile profile (its default: simulated slow 4G, 4x CPU, Moto G Power
 *      screen), performance only, Debian's Chromium; median of `--runs` runs: score, FCP, LCP,
 *      TBT, CLS, Speed Index and the bytes transferred;
 *   2. time from navigation to the first visible QR (desktop layout, 1280x800) and to the first
 *      visible UPI app button (phone layout, 390x844, touch, Android) in Chromium through
 *      playwright-core with DevTools throttling: slow 4G (562.5 ms request latency, 1.47 Mbit/s
 *      down, 675 kbit/s up, Lighthouse's packet-level figures) and a 4x slower CPU; cold cache per
 *      run; median and worst of `--runs`.
 *
 *   With `--network slow-3g`: Chrome DevTools' "Slow 3G" preset instead (2,000 ms latency,
 *   400 kbit/s down and up), and also the time to the visible amount on the phone;
 *   `--no-lighthouse` skips step 1. BENCH_DIST measures another build (before/after).
 *
 * Usage: npm run bench:page     (node bench/page-load.mjs [--runs 5] [--network slow-3g] [--no-lighthouse])
 * CHROME_PATH overrides /usr/bin/chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  createMerchant,
  createOrder,
  hasSwitch,
  main,
  onCleanup,
  option,
  printMachine,
  startService,
} from './lib.mjs';

const runs = option('runs', 5);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
/** Chrome DevTools' "Slow 3G" preset. */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const networkName = option('network', 'slow-4g');
const NETWORK = networkName === 'slow-3g' ? SLOW_3G : SLOW_4G;
const withLighthouse = !hasSwitch('no-lighthouse');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function lighthouseRuns(url) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
    onCleanup(() => chrome.kill());
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
        bytes: audit('total-byte-weight'),
        formFactor: lhr.configSettings.formFactor,
        throttling: lhr.configSettings.throttlingMethod,
        warnings: lhr.runWarnings,
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(results.map((r) => r[key]));
  return {
    runs: results.length,
    formFactor: results[0].formFactor,
    throttling: results[0].throttling,
    score: pick('score'),
    scores: results.map((r) => r.score),
    fcp: Math.round(pick('fcp')),
    lcp: Math.round(pick('lcp')),
    tbt: Math.round(pick('tbt')),
    cls: Number(pick('cls').toFixed(3)),
    si: Math.round(pick('si')),
    bytes: pick('bytes'),
    warnings: [...new Set(results.flatMap((r) => r.warnings))],
  };
}

/** Milliseconds from navigation start until `selector` is first laid out with a non-zero size. */
async function timeToVisible(browser, url, selector, contextOptions) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(contextOptions);
    try {
      const page = await context.newPage();
      await page.addInitScript((sel) => {
        const check = () => {
          if (window.__visibleAt) return;
          const element = document.querySelector(sel);
          if (!element) return;
          const box = element.getBoundingClientRect();
          if (box.width > 0 && box.height > 0) window.__visibleAt = performance.now();
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
      }, selector);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__visibleAt !== undefined, undefined, { timeout: 60_000 });
      times.push(await page.evaluate(() => window.__visibleAt));
    } finally {
      await context.close();
    }
  }
  return {
    median: Math.round(median(times)),
    worst: Math.round(Math.max(...times)),
    runs: times.map(Math.round),
  };
}

main(
  async () => {
    const machine = printMachine();
    const service = await startService({ label: 'page' });
    const merchant = await createMerchant(service.url);
    const order = await createOrder(service.url, merchant);
    const url = order.payment_url;
    console.log(`page: ${url}`);

    const lh = withLighthouse ? await lighthouseRuns(url) : undefined;
    if (lh) {
      console.log(
        `  Lighthouse ${lh.formFactor} (${lh.throttling}), median of ${lh.runs}: score ${lh.score} (${lh.scores.join(', ')}), FCP ${lh.fcp} ms, LCP ${lh.lcp} ms, TBT ${lh.tbt} ms, CLS ${lh.cls}, SI ${lh.si} ms, ${(lh.bytes / 1024).toFixed(1)} KiB transferred`,
      );
      if (lh.warnings.length > 0) console.log(`  warnings: ${lh.warnings.join('; ')}`);
    }

    const browser = await chromium.launch({
      executablePath: chromePath,
      args: flags.filter((f) => f !== '--headless'),
    });
    onCleanup(() => browser.close());
    const desktop = await timeToVisible(browser, url, 'svg.qr', { viewport: { width: 1280, height: 800 } });
    const phoneContext = {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    };
    const phone = await timeToVisible(browser, url, '.app-buttons a.button', phoneContext);
    const amount =
      networkName === 'slow-3g' ? await timeToVisible(browser, url, '.amount', phoneContext) : undefined;
    await browser.close();
    if (amount) {
      console.log(
        `  ${networkName} + 4x CPU: first visible amount (phone) median ${amount.median} ms, worst ${amount.worst} ms (${amount.runs.join(', ')})`,
      );
    }
    console.log(
      `  ${networkName} + 4x CPU: first visible QR (desktop) median ${desktop.median} ms, worst ${desktop.worst} ms (${desktop.runs.join(', ')})`,
    );
    console.log(
      `  ${networkName} + 4x CPU: first visible pay button (phone) median ${phone.median} ms, worst ${phone.worst} ms (${phone.runs.join(', ')})`,
    );
    console.log(
      JSON.stringify({
        machine,
        network: networkName,
        url: url.replace(/[0-9a-f-]{36}$/, '…'),
        lighthouse: lh,
        desktop,
        phone,
        amount,
      }),
    );
  },
  { limitSeconds: 900 },
);
