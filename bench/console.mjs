#!/usr/bin/env node
/**
 * The operator console on loopback with a large store: time from navigation to the first screen
 * drawn with its data (Today, and the Orders list's first row) in Chromium, and the operator API
 * answers behind the console (search by UTR, payer name, merchant order id, a status filter, the
 * first and a deep page, Today's figures), each beside /healthz measured in the same run.
 * The store is PostgreSQL with --orders orders (default 100,000) inserted in SQL.
 *
 * Usage: npm run bench:console [-- --orders 100000 --loads 10 --requests 30]
 * (builds first when the build is missing or stale; needs PostgreSQL at BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432). The last line sums up the cold loads, with the baseline and
 * the load average.
 */
import pg from 'pg';
import { chromium } from 'playwright-core';
import {
  createDatabase,
  createMerchant,
  formatRow,
  main,
  OPERATOR_TOKEN,
  option,
  percentile,
  printMachine,
  startService,
} from './lib.mjs';

const ORDERS = option('orders', 100_000);
const LOADS = option('loads', 10);
const REQUESTS = option('requests', 30);

main(
  async () => {
    const before = printMachine();
    const database = await createDatabase('console');
    const service = await startService({ label: 'console-bench', env: { DATABASE_URL: database.url } });
    const merchant = await createMerchant(service.url, 'Bench Merchant');
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    const seeded = Date.now();
    await seed(client, merchant.merchant_uid, ORDERS);
    console.log(
      `seeded ${ORDERS.toLocaleString('en-IN')} orders in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
    await client.end();

    const auth = { Authorization: `Bearer ${OPERATOR_TOKEN}` };
    const api = (path) => `${service.url}/operator/api/${path}`;
    const firstPage = await (await fetch(api('order-search?limit=50'), { headers: auth })).json();
    let cursor = firstPage.data.next_cursor;
    for (let i = 0; i < 20; i++) {
      const page = await (
        await fetch(api(`order-search?limit=50&cursor=${cursor}`), { headers: auth })
      ).json();
      cursor = page.data.next_cursor;
    }
    const middle = Math.floor(ORDERS / 2);
    const queries = [
      ['/healthz (baseline)', `${service.url}/healthz`],
      ['first page, 50 orders', api('order-search?limit=50')],
      ['page 21 (cursor)', api(`order-search?limit=50&cursor=${cursor}`)],
      ['status filter failed,reject', api('order-search?limit=50&status=failed,reject')],
      ['search: UTR', api(`order-search?q=${utrOf(middle - (middle % 4))}`)],
      ['search: merchant order id', api(`order-search?q=BO-${middle}`)],
      ['search: payer name prefix', api('order-search?q=meera%20iyer%2012')],
      ['search: amount', api('order-search?q=123.00')],
      ["Today's figures", api('summary/today')],
    ];
    const rows = [];
    for (const [name, url] of queries) {
      const times = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const response = await fetch(url, { headers: auth });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${name}: ${response.status}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push([name, percentile(times, 50).toFixed(1), percentile(times, 90).toFixed(1)]);
    }
    console.log(
      `\nOperator API over ${ORDERS.toLocaleString('en-IN')} orders, ${REQUESTS} sequential requests each (ms):`,
    );
    console.log(formatRow(['request', 'p50', 'p90']));
    console.log(formatRow(['---', '---:', '---:']));
    for (const row of rows) console.log(formatRow(row));

    const signIn = await fetch(`${service.url}/console/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: OPERATOR_TOKEN }),
    });
    const [name, value] = (signIn.headers.get('set-cookie') ?? '').split(';')[0].split('=');
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
    // The baseline: the same navigation to a page with nothing to load (Chromium's own cost of a
    // fresh context and a navigation on this machine now).
    const screens = [
      ['baseline: /healthz', '/healthz', 'body', false],
      ['sign-in screen (no session)', '/console/', 'text=Operator token', false],
      ['Today', '/console/#/today', 'text=Match rate', true],
      [`Orders (first row of ${ORDERS.toLocaleString('en-IN')})`, '/console/#/orders', 'tbody tr', true],
    ];
    const loads = Object.fromEntries(screens.map(([screen]) => [screen, []]));
    for (let i = 0; i < LOADS; i++) {
      for (const [screen, path, selector, signedIn] of screens) {
        // A fresh context each time: nothing cached, as an operator's first visit of the day.
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        if (signedIn) await context.addCookies([{ name, value, url: service.url }]);
        const page = await context.newPage();
        await page.goto(`${service.url}${path}`);
        await page.locator(selector).first().waitFor({ timeout: 30_000 });
        loads[screen].push(await page.evaluate(() => performance.now()));
        await context.close();
      }
    }
    await browser.close();
    console.log(
      `\nConsole load in Chromium, cold cache, ${LOADS} loads each: navigation start to data drawn (ms):`,
    );
    console.log(formatRow(['screen', 'p50', 'p90', 'max']));
    console.log(formatRow(['---', '---:', '---:', '---:']));
    for (const [screen, times] of Object.entries(loads)) {
      times.sort((a, b) => a - b);
      console.log(
        formatRow([
          screen,
          percentile(times, 50).toFixed(0),
          percentile(times, 90).toFixed(0),
          times.at(-1).toFixed(0),
        ]),
      );
    }
    const after = printMachine();
    const p50 = (screen) => percentile(loads[screen], 50).toFixed(0);
    const [baseline, signInScreen, today, orders] = screens.map(([screen]) => screen);
    console.log(
      `\nCOLD LOAD (p50, target under 1000 ms): Today ${p50(today)} ms, Orders ${p50(orders)} ms, ` +
        `sign-in ${p50(signInScreen)} ms; baseline navigation ${p50(baseline)} ms; ` +
        `load average before ${before.loadavg}, after ${after.loadavg}`,
    );
  },
  { limitSeconds: 900 },
);

function utrOf(g) {
  return `7${String(g).padStart(11, '0')}`;
}

async function seed(client, merchantUid, count) {
  const names = ['Asha Rao', 'Vikram Singh', 'Meera Iyer', 'Rahul Nair', 'Fatima Shaikh', 'Arjun Mehta'];
  await client.query(
    `INSERT INTO orders (payment_uid, merchant_uid, merchant_order_id, request_digest, transaction_type,
       accounting_type, payterm, payment, currency, country, channel, amount, final_amount, from_name,
       signature_key, payment_status, matched_utr, status_changed_at, created_at, updated_at)
     SELECT 'bench-' || g, $1, 'BO-' || g, 'seed',
       CASE WHEN g % 5 = 0 THEN 'expense' ELSE 'income' END,
       CASE WHEN g % 5 = 0 THEN 'pay' ELSE 'receive' END,
       'UPI', 'india', 'inr', 'India', 'payment_india',
       100 * (1 + g % 5000), 100 * (1 + g % 5000),
       ($3::text[])[1 + g % 6] || ' ' || g, 'seed',
       CASE g % 4 WHEN 0 THEN 'completed' WHEN 1 THEN 'pending' WHEN 2 THEN 'failed' ELSE 'processing' END,
       CASE WHEN g % 4 = 0 THEN '7' || lpad(g::text, 11, '0') END,
       now() - g * interval '1 second', now() - g * interval '1 second', now() - g * interval '1 second'
     FROM generate_series(1, $2) AS g`,
    [merchantUid, count, names],
  );
  await client.query(
    `INSERT INTO utr_claims (utr, payment_uid, client_ip, claimed_at)
     SELECT '8' || lpad(g::text, 11, '0'), 'bench-' || g, '10.0.0.1', now() FROM generate_series(3, $1, 4) AS g`,
    [count],
  );
  await client.query('ANALYZE');
}
