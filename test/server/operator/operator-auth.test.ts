import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { OPERATOR_AUTH_FAILURES } from '../../../src/server/operator/operator-auth.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { createTestApp, json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';
import { openTestDb, storeKind } from '../support/test-db.js';

const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

// The first store of a test process is built from scratch: in a hook, not in a test's time.
beforeAll(async () => (await openTestDb()).close());

describe(`operator authentication (${storeKind})`, () => {
  let t: TestApp;
  afterEach(() => t.close());

  const get = (authorization: string | undefined, from = '203.0.113.1', app = t.app) =>
    app.request(
      '/operator/api/merchants',
      { headers: authorization === undefined ? {} : { Authorization: authorization } },
      peer(from),
    );

  it('accepts the token as "Authorization: Bearer <token>" only, and answers 401 with a challenge', async () => {
    t = await createTestApp();
    expect((await get(`Bearer ${OPERATOR_TOKEN}`)).status).toBe(200);
    expect((await get(`bearer ${OPERATOR_TOKEN}`)).status).toBe(200);

    const missing = await get(undefined);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="operator"');
    expect(await json(missing)).toMatchObject({ result: 'error', data: { error: 'unauthorized' } });

    for (const authorization of [
      OPERATOR_TOKEN,
      `Basic ${Buffer.from(`operator:${OPERATOR_TOKEN}`).toString('base64')}`,
      `Token ${OPERATOR_TOKEN}`,
      'Bearer ',
      'Bearer wrong-token-0123456789',
      `Bearer ${OPERATOR_TOKEN}x`,
      `Bearer ${OPERATOR_TOKEN.slice(0, -1)}`,
    ]) {
      const response = await get(authorization);
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate'), authorization).toMatch(/^Bearer /);
      expect((await json(response)).data.error).toBe('unauthorized');
    }
  });

  it('slows wrong tokens from a client down after repeated failures, and lets it in again later', async () => {
    t = await createTestApp();
    for (let i = 0; i < OPERATOR_AUTH_FAILURES.burst; i++)
      expect((await get('Bearer wrong-token-0123456789')).status).toBe(401);
    const throttled = await get('Bearer wrong-token-0123456789');
    expect(throttled.status).toBe(429);
    expect(await json(throttled)).toMatchObject({ result: 'error', data: { error: 'rate_limited' } });
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect((await get(undefined)).status).toBe(429);
    // Another client's guesses are not affected.
    expect((await get('Bearer wrong-token-0123456789', '203.0.113.2')).status).toBe(401);
    t.clock.advance(retryAfter * 1000);
    expect((await get('Bearer wrong-token-0123456789')).status).toBe(401);
  });

  it('always lets a valid token or session through, from an address whose guesses are throttled', async () => {
    // Behind a proxy without TRUST_PROXY every operator shares the proxy's address: ten wrong
    // guesses from anyone must not lock the owners out.
    t = await createTestApp();
    const named = await json(await t.operator('POST', '/operator/api/operators', { name: 'asha' }));
    const signIn = await t.app.request(
      '/console/api/session',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://pay.test' },
        body: JSON.stringify({ token: OPERATOR_TOKEN }),
      },
      peer('203.0.113.1'),
    );
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    for (let i = 0; i <= OPERATOR_AUTH_FAILURES.burst; i++) await get('Bearer wrong-token-0123456789');
    expect((await get('Bearer wrong-token-0123456789')).status).toBe(429);

    expect((await get(`Bearer ${OPERATOR_TOKEN}`)).status).toBe(200);
    expect((await get(`Bearer ${named.data.token}`)).status).toBe(200);
    const session = await t.app.request(
      '/operator/api/merchants',
      { headers: { Cookie: cookie } },
      peer('203.0.113.1'),
    );
    expect(session.status).toBe(200);
    const metrics = await t.app.request(
      '/metrics',
      { headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } },
      peer('203.0.113.1'),
    );
    expect(metrics.status).toBe(200);
    const consoleSignIn = await t.app.request(
      '/console/api/session',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://pay.test' },
        body: JSON.stringify({ token: OPERATOR_TOKEN }),
      },
      peer('203.0.113.1'),
    );
    expect(consoleSignIn.status).toBe(201);
    const wrongSignIn = await t.app.request(
      '/console/api/session',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://pay.test' },
        body: JSON.stringify({ token: 'guessing-0123456789' }),
      },
      peer('203.0.113.1'),
    );
    expect(wrongSignIn.status).toBe(429);
  });

  it('counts the client behind a trusted proxy, not the proxy', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const via = (client: string, authorization: string) =>
      t.app.request(
        '/operator/api/merchants',
        { headers: { Authorization: authorization, 'X-Forwarded-For': client } },
        peer('127.0.0.1'),
      );
    for (let i = 0; i < OPERATOR_AUTH_FAILURES.burst; i++)
      await via('198.51.100.9', 'Bearer nope-nope-nope-nope');
    expect((await via('198.51.100.9', 'Bearer nope-nope-nope-nope')).status).toBe(429);
    expect((await via('198.51.100.10', 'Bearer nope-nope-nope-nope')).status).toBe(401);
  });

  it.runIf(storeKind === 'postgres')(
    'counts failures once across processes sharing one database',
    async () => {
      t = await createTestApp();
      const otherDb = await openPgDb(t.db.url as string, 2);
      try {
        const other = createApp({ ...t.deps, db: otherDb });
        for (let i = 0; i < OPERATOR_AUTH_FAILURES.burst; i++) {
          const app = i % 2 === 0 ? t.app : other;
          expect((await get('Bearer wrong-token-0123456789', '203.0.113.5', app)).status).toBe(401);
        }
        expect((await get('Bearer wrong-token-0123456789', '203.0.113.5', t.app)).status).toBe(429);
        expect((await get('Bearer wrong-token-0123456789', '203.0.113.5', other)).status).toBe(429);
        expect((await get(`Bearer ${OPERATOR_TOKEN}`, '203.0.113.5', other)).status).toBe(200);
      } finally {
        await otherDb.close();
      }
    },
  );
});
