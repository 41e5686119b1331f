import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definitionOf } from '../../../src/server/http/api-route.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { attemptCallback } from '../../../src/server/notify/commands/attempt-callback.js';
import { claimCallbacks } from '../../../src/server/notify/commands/claim-callbacks.js';
import { deliverCallback } from '../../../src/server/notify/deliver-callback.js';
import * as portalData from '../../../src/server/portal/portal-data-api.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { signFields } from '../../../src/shared/signature.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  credit,
  freshUtr,
} from '../lifecycle/support/lifecycle-fixture.js';
import { incomeBody, json, type TestApp } from '../support/test-app.js';
import { type PortalUser, portalUser } from './support/portal-session.js';

let t: TestApp;
let shop: PortalUser;
let receiver: Server;
let notifyUrl: string;

beforeAll(async () => {
  t = await createLifecycleApp({ ALLOW_PRIVATE_CALLBACKS: 'true' });
  shop = await portalUser(t, t.merchant.merchant_uid, 'owner@chaipoint.in');
  // The merchant's endpoint, answering every callback 500: each attempt fails.
  receiver = createServer((_request, response) => {
    response.statusCode = 500;
    response.end('down for maintenance');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

/** A paid order of `key`'s merchant: created, claimed with a UTR and credited. */
async function paidOrder(key: IssuedKey = t.merchant, amount = '150.00') {
  const merchantOrderId = `ORD-${freshUtr()}`;
  const paymentUid = await createIncome(t, key, {
    amount,
    merchant_order_id: merchantOrderId,
    notify_url: notifyUrl,
  });
  const utr = freshUtr();
  expect((await claim(t, paymentUid, utr)).status).toBe(200);
  expect((await credit(t, utr, amount)).status).toBe(201);
  return { paymentUid, utr, merchantOrderId };
}

/** Attempts every due callback once against the real receiver (which fails them). */
async function attemptDueCallbacks() {
  const now = t.clock.now();
  const rows = await claimCallbacks(t.db, {
    worker: 'test',
    now,
    leaseUntil: new Date(now.getTime() + 60_000),
    limit: 100,
    fairness: { perMerchant: 100, excluded: [], busy: new Map(), unknownBusy: 0 },
  });
  for (const row of rows) {
    await attemptCallback(
      {
        db: t.db,
        clock: t.clock,
        secretKey: t.deps.config.secretKey,
        worker: 'test',
        deliver: deliverCallback,
        delivery: { allowPrivate: true, timeoutMs: 30_000 },
        retryDelays: [60_000],
      },
      row,
    );
  }
}

const auditBy = async (actor: string) =>
  queryRows(
    t.db,
    z.object({ action: z.string(), subject: z.string() }),
    'SELECT action, subject FROM audit_log WHERE actor = $1 ORDER BY id',
    [actor],
  );

describe('orders', () => {
  it("finds the merchant's own orders by UTR, merchant_order_id, payment_uid and amount", async () => {
    const paid = await paidOrder(t.merchant, '151.37');
    for (const q of [paid.utr, paid.merchantOrderId, paid.paymentUid, '151.37']) {
      const page = await json(await shop.request('GET', `/merchant/api/orders?q=${q}`));
      expect(page.data.orders.map((order: { payment_uid: string }) => order.payment_uid)).toEqual([
        paid.paymentUid,
      ]);
      expect(page.data.orders[0]).not.toHaveProperty('merchant_uid');
    }
    const completed = await json(await shop.request('GET', '/merchant/api/orders?status=completed'));
    expect(completed.data.orders.length).toBeGreaterThan(0);
    const bad = await shop.request('GET', '/merchant/api/orders?status=nonsense');
    expect(bad.status).toBe(400);
  });

  it("tells an order's story without the operators' details", async () => {
    const paid = await paidOrder();
    const detail = await json(await shop.request('GET', `/merchant/api/orders/${paid.paymentUid}`));
    expect(detail.data.order).toMatchObject({
      payment_uid: paid.paymentUid,
      status: 'completed',
      utr: paid.utr,
    });
    const kinds = detail.data.story.map((entry: { kind: string }) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['created', 'claim', 'credit', 'status', 'ledger']));
    const text = JSON.stringify(detail.data.story);
    expect(text).not.toContain('client_ip');
    expect(text).not.toContain('source');
    expect(text).not.toContain('sys:bank');
  });
});

describe('callbacks', () => {
  it('shows every attempt with its status code and answer, resends one and all failed, audited by the user', async () => {
    const since = t.clock.now().toISOString();
    const first = await paidOrder();
    const second = await paidOrder();
    await attemptDueCallbacks();
    const callbacks = await json(
      await shop.request('GET', `/merchant/api/orders/${first.paymentUid}/callbacks`),
    );
    expect(callbacks.data.attempts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ http_status: 500, response_snippet: 'down for maintenance' }),
      ]),
    );
    const resent = await shop.request('POST', `/merchant/api/orders/${first.paymentUid}/callbacks/resend`);
    expect(resent.status).toBe(200);
    expect((await json(resent)).data).toMatchObject({ payment_uid: first.paymentUid, state: 'pending' });
    const all = await json(await shop.request('POST', '/merchant/api/callbacks/resend-failed', { since }));
    expect(all.data.resent).toEqual(expect.arrayContaining([first.paymentUid, second.paymentUid]));
    expect(await auditBy('owner@chaipoint.in')).toEqual(
      expect.arrayContaining([{ action: 'callback.resend', subject: `order:${second.paymentUid}` }]),
    );
    const bad = await shop.request('POST', '/merchant/api/callbacks/resend-failed', { since: 'yesterday' });
    expect(bad.status).toBe(400);
  });
});

describe('balance', () => {
  it('answers available and held with the ledger lines, and a CSV statement of a range of days', async () => {
    const istDay = (offsetDays: number) =>
      new Date(t.clock.now().getTime() + 5.5 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const today = istDay(0);
    const paid = await paidOrder(t.merchant, '99.50');
    const balance = await json(await shop.request('GET', '/merchant/api/balance'));
    expect(Number(balance.data.available)).toBeGreaterThanOrEqual(99.5);
    expect(balance.data.lines[0]).toMatchObject({ payment_uid: paid.paymentUid, account: 'available' });
    const csv = await shop.request('GET', `/merchant/api/balance/statement?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('created_at,account,event,amount,payment_uid');
    expect(text).toContain(paid.paymentUid);
    const before = await shop.request(
      'GET',
      `/merchant/api/balance/statement?from=${istDay(-1)}&to=${istDay(-1)}`,
    );
    expect(await before.text()).not.toContain(paid.paymentUid);
    const backwards = await shop.request(
      'GET',
      `/merchant/api/balance/statement?from=${today}&to=${istDay(-10)}`,
    );
    expect(backwards.status).toBe(400);
    expect((await json(backwards)).data.error).toBe('invalid_field');
  });
});

describe('test callback', () => {
  it('sends a signed test callback and shows what came back; without a URL it says so; limited to 5 then 429', async () => {
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    const site = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.end('SUCCESS');
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/hook`;
    try {
      const none = await shop.request('POST', '/merchant/api/callbacks/test', {});
      expect(none.status).toBe(409);
      expect((await json(none)).data.error).toBe('no_notify_url');

      const sent = await shop.request('POST', '/merchant/api/callbacks/test', { notify_url: siteUrl });
      expect(sent.status).toBe(200);
      expect((await json(sent)).data).toMatchObject({
        notify_url: siteUrl,
        acknowledged: true,
        http_status: 200,
        response_snippet: 'SUCCESS',
        error: '',
      });
      expect(received).toHaveLength(1);
      const [first] = received;
      const fields = JSON.parse(first?.body ?? '{}') as Record<string, string>;
      expect(fields).toMatchObject({ test: 'true', merchant_uid: t.merchant.merchant_uid });
      expect(first?.headers['oc-key']).toBe(t.merchant.api_key);
      expect(first?.headers['oc-signature']).toBe(signFields(t.merchant.api_secret, fields));

      // The failing endpoint: its status code and answer are shown.
      const failing = await json(
        await shop.request('POST', '/merchant/api/callbacks/test', { notify_url: notifyUrl }),
      );
      expect(failing.data).toMatchObject({
        acknowledged: false,
        http_status: 500,
        response_snippet: 'down for maintenance',
        error: 'HTTP 500',
      });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await shop.request('POST', '/merchant/api/callbacks/test', { notify_url: siteUrl })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(received).toHaveLength(4);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });
});

describe('keys', () => {
  it('rotates without downtime: a second key (secret shown once), orders with it, the old one revoked', async () => {
    const created = await shop.request('POST', '/merchant/api/keys');
    expect(created.status).toBe(201);
    const key = (await json(created)).data as IssuedKey;
    expect(key.api_secret.length).toBeGreaterThan(20);
    const listed = await json(await shop.request('GET', '/merchant/api/keys'));
    expect(JSON.stringify(listed.data)).not.toContain(key.api_secret);
    expect(listed.data.filter((row: { status: string }) => row.status === 'active')).toHaveLength(2);
    await createIncome(t, key);
    const revoked = await shop.request('DELETE', `/merchant/api/keys/${t.merchant.api_key}`);
    expect(revoked.status).toBe(200);
    const old = await t.signed('/gateway/api/order/new', {
      merchant_uid: t.merchant.merchant_uid,
      amount: '1.00',
    });
    expect(old.status).toBe(401);
    const last = await shop.request('DELETE', `/merchant/api/keys/${key.api_key}`);
    expect(last.status).toBe(409);
    expect(await auditBy('owner@chaipoint.in')).toEqual(
      expect.arrayContaining([
        { action: 'api_key.create', subject: `merchant:${t.merchant.merchant_uid}` },
        { action: 'api_key.revoke', subject: `merchant:${t.merchant.merchant_uid}` },
      ]),
    );
    // The tests after this one sign with the new key.
    Object.assign(t.merchant, key);
  });

  it('two revocations at once of the last two active keys leave one of them', async () => {
    const second = (await json(await shop.request('POST', '/merchant/api/keys'))).data as IssuedKey;
    const first: IssuedKey = { ...t.merchant };
    const answers = await Promise.all(
      [first, second].map((key) => shop.request('DELETE', `/merchant/api/keys/${key.api_key}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const active = (await json(await shop.request('GET', '/merchant/api/keys'))).data.filter(
      (row: { status: string }) => row.status === 'active',
    );
    expect(active).toHaveLength(1);
    const survivor = [first, second].find((key) => key.api_key === active[0].api_key);
    expect(survivor).toBeDefined();
    // The tests after this one sign with the key left.
    Object.assign(t.merchant, survivor);
  });
});

describe('settings', () => {
  it('changes callback statuses, frame origins and the support contact, audited by the user', async () => {
    const changed = await shop.request('PATCH', '/merchant/api/settings', {
      callback_statuses: 'final',
      embed_origins: ['https://shop.example'],
      support_contact: 'help@chaipoint.in',
    });
    expect(changed.status).toBe(200);
    expect((await json(await shop.request('GET', '/merchant/api/settings'))).data).toMatchObject({
      callback_statuses: 'final',
      embed_origins: ['https://shop.example'],
      support_contact: 'help@chaipoint.in',
    });
    expect(await auditBy('owner@chaipoint.in')).toEqual(
      expect.arrayContaining([{ action: 'merchant.update', subject: `merchant:${t.merchant.merchant_uid}` }]),
    );
    for (const body of [
      { upi_vpa: 'mine@okaxis' },
      { callback_statuses: 'some' },
      { support_contact: 'ring me' },
    ]) {
      const refused = await shop.request('PATCH', '/merchant/api/settings', body);
      expect(refused.status).toBe(400);
    }
  });
});

describe('order defaults in settings', () => {
  it('calls back an order that names no notify_url at the default, and refuses a redirect_url off the redirect origins', async () => {
    const set = await shop.request('PATCH', '/merchant/api/settings', {
      default_notify_url: notifyUrl,
      redirect_origins: ['https://shop.example'],
    });
    expect(set.status).toBe(200);
    expect((await json(set)).data).toMatchObject({
      default_notify_url: notifyUrl,
      redirect_origins: ['https://shop.example'],
    });
    const notifyOf = async (paymentUid: string) =>
      (await json(await shop.request('GET', `/merchant/api/orders/${paymentUid}`))).data.order.notify_url;
    expect(await notifyOf(await createIncome(t, t.merchant, { notify_url: '' }))).toBe(notifyUrl);
    const own = await createIncome(t, t.merchant, { notify_url: 'https://shop.example/own-notify' });
    expect(await notifyOf(own)).toBe('https://shop.example/own-notify');

    const elsewhere = await t.signed(
      '/gateway/api/order/new',
      incomeBody(t.merchant.merchant_uid, { redirect_url: 'https://elsewhere.example/return' }),
    );
    expect(elsewhere.status).toBe(400);
    const refusal = (await json(elsewhere)).data;
    expect(refusal.error).toBe('invalid_field');
    expect(refusal.details).toMatch(
      /^redirect_url: its origin is not one of the merchant's redirect origins/,
    );

    for (const body of [
      { default_notify_url: 'not a url' },
      { redirect_origins: ['https://shop.example/path'] },
    ]) {
      expect((await shop.request('PATCH', '/merchant/api/settings', body)).status).toBe(400);
    }
    // Back to none: any redirect origin, no default.
    const cleared = await shop.request('PATCH', '/merchant/api/settings', {
      default_notify_url: '',
      redirect_origins: [],
    });
    expect((await json(cleared)).data).toMatchObject({ default_notify_url: '', redirect_origins: [] });
    expect(
      (
        await t.signed(
          '/gateway/api/order/new',
          incomeBody(t.merchant.merchant_uid, { redirect_url: 'https://elsewhere.example/return' }),
        )
      ).status,
    ).toBe(200);
  });
});

describe('team', () => {
  it('invites a colleague and removes them: their session ends; nobody removes themselves', async () => {
    const invited = await shop.request('POST', '/merchant/api/team', { email: 'clerk@chaipoint.in' });
    expect(invited.status).toBe(201);
    expect((await json(invited)).data.invited_by).toBe('owner@chaipoint.in');
    const clerk = await portalUser(t, t.merchant.merchant_uid, 'clerk2@chaipoint.in');
    const team = await json(await shop.request('GET', '/merchant/api/team'));
    expect(team.data.map((user: { email: string }) => user.email)).toEqual(
      expect.arrayContaining(['owner@chaipoint.in', 'clerk@chaipoint.in', 'clerk2@chaipoint.in']),
    );
    expect((await clerk.request('GET', '/merchant/api/orders')).status).toBe(200);
    expect((await shop.request('DELETE', `/merchant/api/team/${clerk.userId}`)).status).toBe(200);
    expect((await clerk.request('GET', '/merchant/api/orders')).status).toBe(401);
    expect((await shop.request('DELETE', `/merchant/api/team/${shop.userId}`)).status).toBe(409);
  });
});

describe('a merchant sees only its own data', () => {
  it("refuses every portal endpoint another merchant's user tries with the first one's identifiers", async () => {
    const paid = await paidOrder();
    const colleague = await portalUser(t, t.merchant.merchant_uid, 'colleague@chaipoint.in');
    const otherKey = await t.addMerchant({ name: 'Other Shop' });
    const other = await portalUser(t, otherKey.merchant_uid, 'owner@othershop.in');
    const own = { order: paid.paymentUid, key: t.merchant.api_key, user: colleague.userId };
    const attempts: [string, string, unknown?][] = [
      ['GET', `/merchant/api/orders/${own.order}`],
      ['GET', `/merchant/api/orders/${own.order}/callbacks`],
      ['POST', `/merchant/api/orders/${own.order}/callbacks/resend`],
      ['DELETE', `/merchant/api/keys/${own.key}`],
      ['DELETE', `/merchant/api/team/${own.user}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await other.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await json(response)).data.error).toBe('not_found');
    }
    for (const q of [paid.paymentUid, paid.utr, paid.merchantOrderId]) {
      const page = await json(await other.request('GET', `/merchant/api/orders?q=${q}`));
      expect(page.data.orders).toEqual([]);
    }
    const everything = JSON.stringify([
      await json(await other.request('GET', '/merchant/api/orders?limit=200')),
      await json(await other.request('GET', '/merchant/api/balance')),
      await json(await other.request('GET', '/merchant/api/keys')),
      await json(await other.request('GET', '/merchant/api/team')),
      await json(await other.request('GET', '/merchant/api/settings')),
      await other
        .request('GET', '/merchant/api/balance/statement?from=2026-01-01&to=2026-03-31')
        .then((r) => r.text()),
      await json(
        await other.request('POST', '/merchant/api/callbacks/resend-failed', {
          since: '2000-01-01T00:00:00Z',
        }),
      ),
    ]);
    for (const theirs of [
      paid.paymentUid,
      paid.utr,
      t.merchant.api_key,
      colleague.userId,
      'colleague@chaipoint.in',
    ]) {
      expect(everything).not.toContain(theirs);
    }
    // The first merchant's things are untouched.
    expect((await colleague.request('GET', `/merchant/api/orders/${own.order}`)).status).toBe(200);
    expect((await json(await colleague.request('GET', '/merchant/api/keys'))).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ api_key: own.key, status: 'active' })]),
    );
  });

  it('answers 401 without a session and 403 for a change without the CSRF token or from another site', async () => {
    // Every route of the portal's screens (portal-data-api.ts), as the app registered it.
    const ids = new Set(
      Object.values(portalData).flatMap((value) => ('register' in value && 'id' in value ? [value.id] : [])),
    );
    const routes = t.app.routes.filter((route) => ids.has(definitionOf(route.handler)?.id ?? ''));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const path = route.path.replace(/:[a-z_]+/g, 'x');
      const response = await t.app.request(path, { method: route.method });
      expect(response.status, `${route.method} ${path}`).toBe(401);
      expect((await json(response)).data.error).toBe('unauthorized');
    }
    expect(
      (await shop.request('POST', '/merchant/api/keys', undefined, { 'X-CSRF-Token': 'forged' })).status,
    ).toBe(403);
    expect(
      (await shop.request('POST', '/merchant/api/keys', undefined, { Origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
  });
});
