import { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYER_LIMITS } from '../../../src/server/checkout-api/checkout-api-routes.js';
import { clientIp } from '../../../src/server/http/client-ip.js';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';
import { openTestDb } from '../support/test-db.js';

/** What the Node adapter hands the app: the socket's peer address. */
const fromPeer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

function echoApp(trust: readonly string[]) {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, trust)));
  return async (peer: string, forwardedFor?: string) => {
    const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
    return (await app.request('/', { headers }, fromPeer(peer))).text();
  };
}

// The first store of a test process is built from scratch: in a hook, not in a test's time.
beforeAll(async () => (await openTestDb()).close());

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    const ask = echoApp([]);
    expect(await ask('203.0.113.7')).toBe('203.0.113.7');
    expect(await ask('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('comes from X-Forwarded-For when the peer is a trusted proxy: the right-most untrusted hop', async () => {
    const ask = echoApp(['127.0.0.1', '10.0.0.0/8']);
    expect(await ask('127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    // A client's own (spoofed) entry is left of the hop the proxy appended.
    expect(await ask('127.0.0.1', '1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
    // Proxies in a chain are skipped while trusted.
    expect(await ask('10.0.0.2', '198.51.100.1, 10.0.0.9')).toBe('198.51.100.1');
    expect(await ask('::ffff:127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(await ask('127.0.0.1')).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not trusted', async () => {
    const ask = echoApp(['10.0.0.0/8']);
    expect(await ask('203.0.113.7', '10.0.0.1')).toBe('203.0.113.7');
    expect(await ask('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('accepts the named ranges proxy-addr knows', async () => {
    const ask = echoApp(['loopback', 'uniquelocal']);
    expect(await ask('127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(await ask('192.168.1.5', '198.51.100.2')).toBe('198.51.100.2');
  });
});

describe('UTR claim limits behind a trusted proxy', () => {
  let t: TestApp;
  afterEach(() => t.close());

  async function claim(t: TestApp, paymentUid: string, forwardedFor: string) {
    return t.app.request(
      '/Payments/india_match',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
        body: JSON.stringify({ payment_uid: paymentUid, serial_number: '612345678901' }),
      },
      fromPeer('127.0.0.1'),
    );
  }

  async function newOrder(t: TestApp): Promise<string> {
    const created = await json(await t.signed('/gateway/api/order/new', incomeBody(t.merchant.merchant_uid)));
    return created.data.payment_url.split('/').pop();
  }

  it('are per payer, not per proxy, when the proxy is trusted', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    const uid = await newOrder(t);
    const burst = DEFAULT_PAYER_LIMITS.match.burst;
    for (let i = 0; i < burst; i++) expect((await claim(t, uid, '198.51.100.1')).status).not.toBe(429);
    expect((await claim(t, uid, '198.51.100.1')).status).toBe(429);
    expect((await claim(t, uid, '198.51.100.2')).status).not.toBe(429);
    // A spoofed left-most entry does not buy a fresh bucket.
    expect((await claim(t, uid, '9.9.9.9, 198.51.100.1')).status).toBe(429);
  });

  it('are per peer when no proxy is trusted: forged headers change nothing', async () => {
    t = await createTestApp();
    const uid = await newOrder(t);
    const burst = DEFAULT_PAYER_LIMITS.match.burst;
    for (let i = 0; i < burst; i++) expect((await claim(t, uid, `198.51.100.${i}`)).status).not.toBe(429);
    expect((await claim(t, uid, '198.51.100.200')).status).toBe(429);
  });
});
