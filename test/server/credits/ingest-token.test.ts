/**
 * The ingest token is a secret (docs/credit-sources.md): forwarders send it as
 * `Authorization: Bearer` on POST /ingest/sms and /ingest/email (or, for apps that can only set a
 * URL, in the path), and no log line carries it, at any level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { createLogger } from '../../../src/server/log.js';
import { freshUtr } from '../lifecycle/support/lifecycle-fixture.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { createSource, hdfcCredit } from './credit-support.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createSource(t, t.merchant)).ingest_token ?? '';
  expect(token).not.toBe('');
});
afterAll(async () => {
  await t.close();
});

const sms = (utr: string) => JSON.stringify({ text: hdfcCredit(utr, '12.00'), from: 'VM-HDFCBK' });
const email = (utr: string) =>
  ['From: alerts@hdfcbank.net', 'Subject: Credit', '', hdfcCredit(utr, '13.00'), ''].join('\r\n');

describe('the ingest token as Authorization: Bearer', () => {
  it('takes a forwarded SMS on POST /ingest/sms', async () => {
    const response = await t.app.request('/ingest/sms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: sms(freshUtr()),
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ outcome: 'credit' });
  });

  it('takes an e-mail alert on POST /ingest/email', async () => {
    const response = await t.app.request('/ingest/email', {
      method: 'POST',
      headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${token}` },
      body: email(freshUtr()),
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ outcome: 'credit' });
  });

  for (const [what, header] of [
    ['no header', undefined],
    ['an unknown token', 'Bearer not-a-token'],
    ['another scheme', `Basic ${token}`],
    ['an empty bearer', 'Bearer '],
  ] as const) {
    it(`refuses ${what} with 404 in the error shape, storing nothing`, async () => {
      const response = await t.app.request('/ingest/sms', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(header ? { Authorization: header } : {}) },
        body: sms(freshUtr()),
      });
      expect(response.status).toBe(404);
      expect((await json(response)).data).toMatchObject({ error: 'not_found' });
    });
  }
});

describe('the ingest token in logs', () => {
  it('appears in no log line at LOG_LEVEL=debug, in the path or as a bearer', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, log: createLogger('debug', (line) => lines.push(line)) });
    const inPath = await app.request(`/ingest/sms/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: sms(freshUtr()),
    });
    expect(inPath.status).toBe(200);
    const asBearer = await app.request('/ingest/email', {
      method: 'POST',
      headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${token}` },
      body: email(freshUtr()),
    });
    expect(asBearer.status).toBe(200);
    const requests = lines.filter((line) => line.includes('"msg":"request"'));
    expect(requests.length).toBe(2);
    expect(requests[0]).toContain('/ingest/sms/[token]');
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  });

  it('appears in no log line when a forwarder puts it in a path of another shape', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, log: createLogger('debug', (line) => lines.push(line)) });
    const paths = [
      `/ingest/heartbeat/${token}`,
      `/ingest/${token}`,
      `//ingest/sms/${token}`,
      `/INGEST/SMS/${token}`,
      `/ingest%2Fsms%2F${token}`,
      `/ingest/sms/${token}/extra`,
      `/sms/${token}`,
    ];
    for (const path of paths) await app.request(path, { method: 'POST', body: sms(freshUtr()) });
    const requests = lines.filter((line) => line.includes('"msg":"request"'));
    expect(requests.length).toBe(paths.length);
    expect(requests[0]).toContain('/ingest/heartbeat/[token]');
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
    // The bearer paths are written as they are.
    await app.request('/ingest/heartbeat', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(lines.at(-1)).toContain('"path":"/ingest/heartbeat"');
  });
});
