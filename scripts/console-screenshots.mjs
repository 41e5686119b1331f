#!/usr/bin/env node
/**
 * Screenshots of every screen of the operator console, taken in Chromium (playwright-core) against
 * the real built service on a fresh embedded store, seeded through its APIs: two merchants, paid,
 * pending and failed collections, a merchant whose callbacks fail, a credit waiting for its order,
 * a credit in conflict, and an SMS source's texts (one unparsed, one ignored): every Credits tab.
 * Desktop light and dark, phone light. axe-core (WCAG 2.x A/AA) runs on every screen; console
 * errors or violations make the run fail.
 *
 * Usage: npm run build && node scripts/console-screenshots.mjs [outDir]
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  createMerchant,
  createOrder,
  main,
  OPERATOR_TOKEN,
  operator,
  randomUtr,
  startService,
} from '../bench/lib.mjs';

const outDir = process.argv[2] ?? 'docs/screenshots/console';

main(async () => {
  // The merchants' callback receiver: Chai Point's answers SUCCESS, Tea House's endpoint is down.
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const failing = req.url?.startsWith('/down');
      res.writeHead(failing ? 503 : 200, { 'Content-Type': 'text/plain' });
      res.end(failing ? 'upstream unavailable' : 'SUCCESS');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}`;

  const service = await startService({ label: 'console-shots', env: { LOG_LEVEL: 'warn' } });
  const { url } = service;
  /** The payer's UTR claim, as the checkout page posts it. */
  const claim = (order, utr) =>
    fetch(`${url}/Payments/india_match`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_uid: order.payment.payment_uid, serial_number: utr }),
    });
  const chai = await createMerchant(url, 'Chai Point');
  const tea = await operator(url, 'POST', '/merchants', {
    name: 'Assam Tea House',
    upi_vpa: 'teahouse@okhdfc',
    upi_payee_name: 'Assam Tea House',
    brand_color: '#8a3b12',
  });
  const payers = ['Asha Rao', 'Vikram Singh', 'Meera Iyer', 'Rahul Nair', 'Fatima Shaikh', 'Arjun Mehta'];
  const paid = [];
  for (const [index, name] of payers.entries()) {
    const amount = ['1500.00', '249.00', '12500.00', '799.50', '3200.00', '45.00'][index];
    const order = await createOrder(url, chai, {
      amount,
      from_name: name,
      notify_url: `${receiverUrl}/ok`,
    });
    if (index < 4) {
      const utr = randomUtr();
      await claim(order, utr);
      if (index < 3) {
        await operator(url, 'POST', '/credits', { utr, amount, payer_name: name, payee: 'benchshop@okaxis' });
        paid.push(order);
      }
    }
    if (index === 5) {
      await operator(url, 'POST', `/orders/${order.payment.payment_uid}/status`, {
        status: 'failed',
        reason: 'payer cancelled at the bank',
      });
    }
  }
  const teaKey = { merchant_uid: tea.merchant.uid, api_key: tea.api_key, api_secret: tea.api_secret };
  const teaOrder = await createOrder(url, teaKey, {
    amount: '560.00',
    from_name: 'Kavya Menon',
    notify_url: `${receiverUrl}/down`,
  });
  const teaUtr = randomUtr();
  await claim(teaOrder, teaUtr);
  await operator(url, 'POST', '/credits', {
    utr: teaUtr,
    amount: '560.00',
    payer_name: 'Kavya Menon',
    payee: 'teahouse@okhdfc',
  });
  await operator(url, 'POST', '/credits', {
    utr: randomUtr(),
    amount: '999.00',
    payer_name: 'Unknown Payer',
    payee: 'benchshop@okaxis',
  });
  // A conflict: the payer paid less than the order asked, so the order was rejected.
  const short = await createOrder(url, chai, {
    amount: '450.00',
    from_name: 'Nikhil Das',
    notify_url: `${receiverUrl}/ok`,
  });
  const shortUtr = randomUtr();
  await claim(short, shortUtr);
  await operator(url, 'POST', '/credits', {
    utr: shortUtr,
    amount: '400.00',
    payer_name: 'Nikhil Das',
    payee: 'benchshop@okaxis',
  });
  // Texts from the counter phone: one the parser cannot fully read (no 12-digit reference), one it ignores.
  const phone = await operator(url, 'POST', '/credit-sources', {
    merchant_uid: chai.merchant_uid,
    account: 'benchshop@okaxis',
    kind: 'sms',
    name: 'Counter phone',
  });
  for (const text of [
    'Your A/c XX4521 balance as on 22-11-26 is Rs.25,000.00. Avl Bal Rs.25,000.00 -HDFC Bank',
    'Rs.1,499.00 credited to a/c XX9012 on 22-11-26 by asha.rao@okicici Ref 61234567890. -HDFC Bank',
  ]) {
    await operator(url, 'POST', '/credits/sms', { source_id: phone.source_id, text, sender: 'VM-HDFCBK' });
  }
  await operator(url, 'POST', `/merchants/${chai.merchant_uid}/blacklist`, { from_name: 'Fraud Ltd' });
  // Let the first callback attempts happen, so timelines and Today show them.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  const problems = [];
  mkdirSync(outDir, { recursive: true });
  const screens = [
    ['today', '#/today', 'Match rate'],
    ['orders', '#/orders', 'Older'],
    ['order', `#/orders/${teaOrder.payment.payment_uid}`, 'Callback attempt 1'],
    ['credits', '#/credits', 'Unknown Payer'],
    ['credits-unparsed', '#/credits?tab=unparsed', 'Fix into a credit'],
    ['credits-conflict', '#/credits?tab=conflict', shortUtr],
    ['credits-ignored', '#/credits?tab=ignored', 'Avl Bal'],
    ['credits-matched', '#/credits?tab=matched', 'Meera Iyer'],
    ['audit', '#/audit', 'Audit log'],
    ['merchants', '#/merchants', 'Assam Tea House'],
    ['merchant', `#/merchants/${chai.merchant_uid}`, 'Recent ledger entries'],
  ];
  const devices = [
    ['desktop-light', { viewport: { width: 1280, height: 900 }, colorScheme: 'light' }],
    ['desktop-dark', { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' }],
    [
      'phone-light',
      {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        colorScheme: 'light',
      },
    ],
  ];
  const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
  for (const [device, options] of devices) {
    const context = await browser.newContext({ ...options, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${device}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${device}: ${error.message}`));
    await page.goto(`${url}/console/`);
    await page.getByLabel('Operator token').waitFor();
    await shoot(page, 'sign-in', device);
    await page.getByLabel('Operator token').fill(OPERATOR_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    for (const [name, hash, text] of screens) {
      await page.goto(`${url}/console/${hash}`);
      await page.getByText(text).first().waitFor({ timeout: 30_000 });
      await shoot(page, name, device);
    }
    await context.close();
  }
  // axe in a context that lets the script in (the page's CSP allows only its own scripts).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${url}/console/`);
  await audit(page, 'sign-in');
  await page.getByLabel('Operator token').fill(OPERATOR_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const [name, hash, text] of screens) {
    await page.goto(`${url}/console/${hash}`);
    await page.getByText(text).first().waitFor({ timeout: 30_000 });
    await audit(page, name);
  }
  await browser.close();
  receiver.close();
  for (const problem of problems) console.error(`console screenshots: ${problem}`);
  if (problems.length > 0) throw new Error(`${problems.length} problem(s)`);

  async function shoot(page, name, device) {
    await page.waitForTimeout(100);
    const file = join(outDir, `${name}-${device}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`saved ${file}`);
  }

  async function audit(page, name) {
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      });
      return result.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      );
    });
    for (const violation of violations) problems.push(`axe ${name}: ${violation}`);
    console.log(`axe ${name}: ${violations.length} violations`);
  }
});
