#!/usr/bin/env node
/**
 * Profiles the service under load: starts it with `node --cpu-prof`, drives one endpoint with
 * autocannon (64 connections), stops it, and prints the functions with the most self time and the
 * files (project, dependencies, Node internals) they belong to. The .cpuprofile stays in the
 * printed directory (open it in Chrome DevTools or speedscope for the flame graph).
 *
 * With --wrk, healthz, poll, poll304 and create are driven by wrk instead (creation with signed
 * bodies made beforehand): autocannon is Node on the same two cores and leaves the service idle
 * while it works. Each line also gives its time per answered request, in microseconds (the
 * service's start and the orders made for the run included).
 *
 * Usage: npm run bench:profile -- [create|poll|poll304|query|match|healthz] [embedded|pg] [--duration 10] [--wrk]
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARGS,
  cannon,
  createDatabase,
  createMerchant,
  createOrder,
  createRequests,
  hasSwitch,
  incomeBody,
  main,
  option,
  ROOT,
  randomUtr,
  signedRequest,
  startService,
  wrk,
} from './lib.mjs';

const endpoint = ARGS[0] ?? 'create';
const store = ARGS[1] ?? 'pg';
const duration = option('duration', 10);

main(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
  const env = store === 'pg' ? { DATABASE_URL: (await createDatabase()).url } : {};
  const service = await startService({ env, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  const merchant = await createMerchant(service.url);
  const seeded = [];
  for (let i = 0; i < 256; i++) seeded.push(await createOrder(service.url, merchant));
  const etags = [];
  for (const order of seeded) {
    const response = await fetch(`${service.url}/checkout/api/orders/${order.payment.payment_uid}`);
    etags.push(response.headers.get('etag'));
    await response.arrayBuffer();
  }
  let n = 0;
  const runs = {
    healthz: { path: '/healthz' },
    create: {
      path: '/gateway/api/order/new',
      method: 'POST',
      setupRequest: (req) => ({ ...req, ...signedRequest(merchant, incomeBody(merchant.merchant_uid)) }),
    },
    poll: {
      path: '/checkout/api/orders/x',
      setupRequest: (req) => ({
        ...req,
        path: `/checkout/api/orders/${seeded[n++ % 256].payment.payment_uid}`,
      }),
    },
    poll304: {
      path: '/checkout/api/orders/x',
      expectStatus: (code) => code === 304,
      setupRequest: (req) => {
        const i = n++ % 256;
        return {
          ...req,
          path: `/checkout/api/orders/${seeded[i].payment.payment_uid}`,
          headers: { 'if-none-match': etags[i] },
        };
      },
    },
    query: {
      path: '/gateway/api/order/get',
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        ...signedRequest(merchant, { merchant_order_id: seeded[n++ % 256].merchant_order_id }),
      }),
    },
    match: {
      path: '/Payments/india_match',
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          payment_uid: seeded[n++ % 256].payment.payment_uid,
          serial_number: randomUtr(),
        }),
      }),
    },
  };
  const run = runs[endpoint];
  if (!run) throw new Error(`unknown endpoint ${endpoint}`);
  const result = hasSwitch('wrk')
    ? await wrk({ url: service.url, connections: 64, duration, ...wrkRun(endpoint, seeded, etags, merchant) })
    : await cannon({ targets: [service.url], connections: 64, duration, ...run });
  console.log(
    `${endpoint} on ${store}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
    result.statuses,
  );
  await service.stop();

  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  summarise(profile, result.rps * duration);
  console.log(`\nprofile: ${join(dir, file)}`);
});

/** The endpoints as wrk drives them: paths (each with its If-None-Match for poll304), or requests. */
function wrkRun(endpoint, seeded, etags, merchant) {
  if (endpoint === 'create') return { requests: createRequests(merchant, 40_000) };
  const pollPaths = seeded.map((order) => `/checkout/api/orders/${order.payment.payment_uid}`);
  if (endpoint === 'healthz') return { paths: ['/healthz'] };
  if (endpoint === 'poll') return { paths: pollPaths };
  if (endpoint === 'poll304') return { paths: pollPaths, headers: (i) => ({ 'If-None-Match': etags[i] }) };
  throw new Error(`--wrk drives healthz, poll, poll304 and create, not ${endpoint}`);
}

function summarise(profile, requests) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map();
  const byArea = new Map();
  for (const [id, time] of self) {
    const { callFrame } = byId.get(id);
    const url = callFrame.url.replace(`file://${ROOT}`, '');
    const key = `${callFrame.functionName || '(anonymous)'}  ${url}:${callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + time);
    const area = !url
      ? callFrame.functionName.startsWith('(')
        ? callFrame.functionName
        : '(native)'
      : url.startsWith('node:')
        ? 'node internals'
        : url.includes('node_modules/')
          ? `dep ${url
              .split('node_modules/')[1]
              .split('/')
              .slice(0, url.includes('node_modules/@') ? 2 : 1)
              .join('/')}`
          : `project ${url.split('/').slice(-2).join('/')}`;
    byArea.set(area, (byArea.get(area) ?? 0) + time);
  }
  // timeDeltas are microseconds.
  const pct = (t) =>
    `${((100 * t) / total).toFixed(1).padStart(5)}%  ${(t / Math.max(1, requests)).toFixed(2).padStart(7)} us/req`;
  console.log('\nself time by area:');
  for (const [area, time] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${pct(time)}  ${area}`);
  console.log('\ntop functions (self time):');
  for (const [name, time] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${pct(time)}  ${name}`);
}
