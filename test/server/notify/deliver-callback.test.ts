import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverCallback } from '../../../src/server/notify/deliver-callback.js';
import type { Resolver } from '../../../src/server/notify/outbound-guard.js';
import { type CallbackReceiver, startReceiver } from './support/callback-receiver.js';

const request = (url: string) => ({
  url,
  body: JSON.stringify({ merchant_order_id: 'MO-1', payment_status: 'completed', amount: '250.00' }),
  headers: { 'OC-Key': 'ak_test', 'OC-Signature': 'abc' },
});
/** Generous: a real loopback network on a busy machine. Timeout tests set their own short one. */
const local = { allowPrivate: true, timeoutMs: 30_000 };
const short = { allowPrivate: true, timeoutMs: 300 };

describe('deliverCallback', () => {
  let receiver: CallbackReceiver;
  beforeAll(async () => {
    receiver = await startReceiver(() => 'secret');
    receiver.slowMs = 1500;
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    receiver.hits.length = 0;
  });

  it('posts the JSON body with its headers and counts SUCCESS as acknowledged', async () => {
    receiver.answer = 'success';
    const outcome = await deliverCallback(request(receiver.url), local);
    expect(outcome).toMatchObject({ acknowledged: true, httpStatus: 200, snippet: 'SUCCESS', error: '' });
    const [hit] = receiver.hits;
    expect(hit?.headers['content-type']).toBe('application/json');
    expect(hit?.headers['oc-key']).toBe('ak_test');
    expect(hit?.headers['oc-signature']).toBe('abc');
    expect(hit?.fields).toEqual({ merchant_order_id: 'MO-1', payment_status: 'completed', amount: '250.00' });
  });

  it('accepts success in any case with surrounding whitespace', async () => {
    receiver.answer = 'lowercase-success';
    expect((await deliverCallback(request(receiver.url), local)).acknowledged).toBe(true);
  });

  it('counts an HTTP error as a failed attempt and keeps the first bytes of the answer', async () => {
    receiver.answer = 'error';
    const outcome = await deliverCallback(request(receiver.url), local);
    expect(outcome).toMatchObject({
      acknowledged: false,
      httpStatus: 500,
      snippet: 'Internal Server Error',
      error: 'HTTP 500',
    });
  });

  it('counts a 2xx answer other than SUCCESS as a failed attempt', async () => {
    receiver.answer = 'not-success';
    const outcome = await deliverCallback(request(receiver.url), local);
    expect(outcome).toMatchObject({
      acknowledged: false,
      httpStatus: 200,
      error: 'answer was not SUCCESS or a JSON success',
    });
  });

  it('accepts a JSON object whose status or result is success or ok, in any case', async () => {
    for (const body of [
      '{"status":"success","message":"OK"}',
      '{"result":"SUCCESS"}',
      ' {"status":"Ok","data":{"id":7}}\n',
      '{"code":0,"result":"ok"}',
    ]) {
      receiver.answer = { status: 200, body };
      expect((await deliverCallback(request(receiver.url), local)).acknowledged, body).toBe(true);
    }
    receiver.answer = { status: 202, body: 'Success' };
    expect((await deliverCallback(request(receiver.url), local)).acknowledged).toBe(true);
  });

  it('refuses every other answer: other words, other fields, non-objects, broken JSON, an error status', async () => {
    for (const [status, body] of [
      [200, '{"status":"failed","message":"success"}'],
      [200, '{"ok":true}'],
      [200, '{"status":true}'],
      [200, '{"success":"success"}'],
      [200, '{"data":{"status":"success"}}'],
      [200, '["success"]'],
      [200, '"success"'],
      [200, '{"status":"success"'],
      [200, 'SUCCESS, thanks'],
      [200, 'OK'],
      [200, ''],
      [500, '{"status":"success"}'],
      [500, 'SUCCESS'],
    ] as const) {
      receiver.answer = { status, body };
      const outcome = await deliverCallback(request(receiver.url), local);
      expect(outcome.acknowledged, `${status} ${body}`).toBe(false);
      expect(outcome.httpStatus).toBe(status);
    }
  });

  it('does not follow a redirect', async () => {
    receiver.answer = 'redirect';
    const outcome = await deliverCallback(request(receiver.url), local);
    expect(outcome).toMatchObject({
      acknowledged: false,
      httpStatus: 302,
      error: 'redirect 302 not followed',
    });
    expect(receiver.hits).toHaveLength(1);
  });

  it('gives up on a slow receiver at the timeout', async () => {
    // The answer would come long after the test's own time limit: only giving up ends the wait.
    receiver.answer = 'slow';
    receiver.slowMs = 120_000;
    const outcome = await deliverCallback(request(receiver.url), short);
    expect(outcome).toMatchObject({ acknowledged: false, httpStatus: null, error: 'timeout after 300 ms' });
  });

  it('gives up on a receiver that never answers at the timeout', async () => {
    receiver.answer = 'silent';
    const outcome = await deliverCallback(request(receiver.url), short);
    expect(outcome).toMatchObject({ acknowledged: false, error: 'timeout after 300 ms' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(290);
  });

  it('reads at most the configured number of bytes of the answer', async () => {
    receiver.answer = 'error';
    const outcome = await deliverCallback(request(receiver.url), { ...local, maxResponseBytes: 8 });
    expect(outcome.snippet).toBe('Internal');
  });

  it('refuses a loopback address unless private addresses are allowed, without connecting', async () => {
    const outcome = await deliverCallback(request(receiver.url), { allowPrivate: false, timeoutMs: 30_000 });
    expect(outcome).toMatchObject({ acknowledged: false, httpStatus: null });
    expect(outcome.error).toContain('refused address 127.0.0.1 (loopback)');
    expect(receiver.hits).toHaveLength(0);
  });

  it('refuses a hostname that resolves to a private address, without connecting', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const url = receiver.url.replace('127.0.0.1', 'merchant.example');
    const outcome = await deliverCallback(request(url), { allowPrivate: false, timeoutMs: 30_000, resolve });
    expect(outcome.error).toContain('refused address 127.0.0.1 (loopback) for merchant.example');
    expect(receiver.hits).toHaveLength(0);
  });

  it('connects to the address that was checked, without resolving the host again', async () => {
    let calls = 0;
    // A rebinding resolver: the first answer passes the check, any later one points elsewhere.
    const resolve: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '127.0.0.1' : '192.0.2.1', family: 4 }];
    };
    receiver.answer = 'success';
    const url = receiver.url.replace('127.0.0.1', 'merchant.example');
    const outcome = await deliverCallback(request(url), { allowPrivate: true, timeoutMs: 30_000, resolve });
    expect(outcome.acknowledged).toBe(true);
    expect(calls).toBe(1);
    expect(receiver.hits[0]?.headers.host).toMatch(/^merchant\.example:\d+$/);
  });

  it('refuses schemes other than http and https', async () => {
    const outcome = await deliverCallback({ ...request('ftp://example.com/x') }, local);
    expect(outcome.error).toBe('unsupported scheme ftp:');
  });
});
