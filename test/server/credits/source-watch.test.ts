/**
 * Credit sources watched, on the store under test: heartbeats in both forms, what the list says of
 * each source, silence by the injected clock (listed in Needs attention, counted by the gauge,
 * announced once to a loopback alert webhook, signed) and its recovery after a heartbeat.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchSources } from '../../../src/server/credits/commands/watch-sources.js';
import { announceSource } from '../../../src/server/credits/source-alerts.js';
import { createMetrics } from '../../../src/server/http/metrics.js';
import { silentLogger } from '../../../src/server/log.js';
import { alertSignature, alertWebhook } from '../../../src/server/notify/alert-webhook.js';
import { claim, createIncome, freshUtr, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';
import { createSource, forwardSms, hdfcCredit } from './credit-support.js';

const SECRET = 'alert-secret-0123456789';
let t: TestApp;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.end('ok');
  });
});
let hookUrl = '';

beforeAll(async () => {
  t = await createTestApp({ app: { payerLimits: UNLIMITED } });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

type Watched = {
  id: string;
  state: string;
  last_text_at: string | null;
  last_heartbeat_at: string | null;
  texts_last_hour: number;
};
async function listed(id: string): Promise<Watched | undefined> {
  const response = await t.operator('GET', '/operator/api/credit-sources');
  expect(response.status).toBe(200);
  return ((await json(response)).data as Watched[]).find((source) => source.id === id);
}

const heartbeat = (path: string, headers: Record<string, string> = {}) =>
  t.app.request(path, { method: 'POST', headers });

const metrics = createMetrics();
const watch = () =>
  watchSources({
    db: t.db,
    clock: t.clock,
    silenceSeconds: 30 * 60,
    setSilentGauge: (count) => metrics.silentSources.set(count),
    announce: announceSource(
      { alertWebhook: { url: hookUrl, secret: SECRET }, allowPrivateCallbacks: true },
      silentLogger,
      alertWebhook({ url: hookUrl, secret: SECRET, allowPrivate: true, timeoutMs: 30_000 }, silentLogger),
    ),
  });
const silentItems = async () =>
  (
    (await json(await t.operator('GET', '/operator/api/attention'))).data.items as {
      kind: string;
      source_id: string;
    }[]
  ).filter((item) => item.kind === 'silent_source');

describe(`credit sources watched (${storeKind})`, () => {
  it('records heartbeats with the token in the path or as a bearer token, and texts per hour', async () => {
    const source = await createSource(t, t.merchant);
    const token = source.ingest_token ?? '';
    expect(await listed(source.source_id)).toMatchObject({
      state: 'active',
      last_text_at: null,
      last_heartbeat_at: null,
      texts_last_hour: 0,
    });
    const byPath = await heartbeat(`/ingest/heartbeat/${token}`);
    expect(byPath.status).toBe(200);
    expect((await json(byPath)).data).toEqual({
      source_id: source.source_id,
      last_heartbeat_at: t.clock.now().toISOString(),
    });
    t.clock.advance(60_000);
    expect((await heartbeat('/ingest/heartbeat', { Authorization: `Bearer ${token}` })).status).toBe(200);
    await forwardSms(t, token, { text: hdfcCredit(freshUtr(), '10.00'), from: 'VM-HDFCBK' });
    expect(await listed(source.source_id)).toMatchObject({
      state: 'active',
      last_heartbeat_at: t.clock.now().toISOString(),
      last_text_at: t.clock.now().toISOString(),
      texts_last_hour: 1,
    });
    for (const [path, headers] of [
      ['/ingest/heartbeat/it_nosuchtoken', {}],
      ['/ingest/heartbeat', {}],
      ['/ingest/heartbeat', { Authorization: 'Bearer it_nosuchtoken' }],
    ] as const) {
      const refused = await heartbeat(path, headers);
      expect(refused.status, path).toBe(404);
      expect((await json(refused)).data.error).toBe('not_found');
    }
    await t.operator('DELETE', `/operator/api/credit-sources/${source.source_id}`);
  });

  it('finds a source silent by the clock, lists it, counts it and announces it once; a heartbeat clears it', async () => {
    const source = await createSource(t, t.merchant, { name: 'Shop phone' });
    const token = source.ingest_token ?? '';
    expect((await heartbeat(`/ingest/heartbeat/${token}`)).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect(await watch()).toMatchObject({ silent: 0, wentSilent: 0 });
    expect((await listed(source.source_id))?.state).toBe('active');

    t.clock.advance(2 * 60_000);
    expect((await listed(source.source_id))?.state).toBe('silent');
    expect((await silentItems()).map((item) => item.source_id)).toContain(source.source_id);
    expect(await watch()).toMatchObject({ silent: 1, wentSilent: 1, recovered: 0 });
    expect(await metrics.registry.metrics()).toMatch(/^credit_sources_silent 1$/m);
    // Announced once: a second pass finds it still silent and says nothing more.
    expect(await watch()).toMatchObject({ silent: 1, wentSilent: 0 });
    expect(received).toHaveLength(1);
    const [alert] = received;
    const body = JSON.parse(alert?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'credit_source.silent',
      source_id: source.source_id,
      name: 'Shop phone',
      merchant_uid: t.merchant.merchant_uid,
    });
    expect(alert?.body).not.toContain(token);
    const timestamp = String(alert?.headers['x-alert-timestamp']);
    expect(alert?.headers['x-alert-signature']).toBe(alertSignature(SECRET, timestamp, alert?.body ?? ''));

    expect((await heartbeat('/ingest/heartbeat', { Authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await listed(source.source_id))?.state).toBe('active');
    expect(await watch()).toMatchObject({ silent: 0, recovered: 1 });
    expect(await metrics.registry.metrics()).toMatch(/^credit_sources_silent 0$/m);
    expect(received.map((each) => JSON.parse(each.body).event)).toEqual([
      'credit_source.silent',
      'credit_source.recovered',
    ]);
    expect((await silentItems()).map((item) => item.source_id)).not.toContain(source.source_id);
    await t.operator('DELETE', `/operator/api/credit-sources/${source.source_id}`);
  });

  it('expects a source without heartbeats to be active while a payer claim on its account waits', async () => {
    const key = await t.addMerchant({ name: 'Quiet shop', upi_vpa: 'quietshop@okaxis', imps_account: '' });
    const source = await createSource(t, key, { account: 'quietshop@okaxis' });
    t.clock.advance(60 * 60_000);
    expect((await listed(source.source_id))?.state).toBe('active');
    const order = await createIncome(t, key, { amount: '120.00' });
    expect((await claim(t, order, freshUtr())).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await listed(source.source_id))?.state).toBe('silent');
    await t.operator('DELETE', `/operator/api/credit-sources/${source.source_id}`);
    expect((await listed(source.source_id))?.state).toBe('revoked');
  });
});
