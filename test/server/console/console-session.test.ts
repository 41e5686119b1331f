import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../../src/server/store/rows.js';
import { createTestApp, json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Session {
  readonly cookie: string;
  readonly csrf: string;
  readonly setCookie: string;
  readonly body: { operator: string; expires_at: string; csrf_token: string };
}

async function signIn(token: string, app: TestApp = t): Promise<Session> {
  const response = await app.app.request('/console/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://pay.test' },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(201);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const body = (await json(response)).data;
  return { cookie: setCookie.split(';')[0] ?? '', csrf: body.csrf_token, setCookie, body };
}

function withSession(
  session: Session,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return t.app.request(path, {
    method,
    headers: {
      Cookie: session.cookie,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

describe('console sign-in', () => {
  it('exchanges the operator token for an HttpOnly, Secure, SameSite=Strict cookie with an expiry', async () => {
    const session = await signIn(OPERATOR_TOKEN);
    expect(session.body.operator).toBe('root');
    expect(session.setCookie).toMatch(/^__Host-console_session=[A-Za-z0-9_-]{40,};/);
    expect(session.setCookie).toMatch(/; HttpOnly/);
    expect(session.setCookie).toMatch(/; Secure/);
    expect(session.setCookie).toMatch(/; SameSite=Strict/);
    expect(session.setCookie).toMatch(/; Path=\//);
    expect(session.setCookie).toMatch(/Max-Age=43200/);
    expect(new Date(session.body.expires_at).getTime()).toBe(t.clock.now().getTime() + 12 * 3600_000);
  });

  it('stores only a digest of the session id', async () => {
    const session = await signIn(OPERATOR_TOKEN);
    const id = session.cookie.split('=')[1] ?? '';
    const rows = await queryRows(
      t.db,
      z.object({ id_digest: z.string() }),
      'SELECT id_digest FROM operator_sessions',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.id_digest)).not.toContain(id);
  });

  it('refuses a wrong token with 401 in the error shape and sets no cookie', async () => {
    const response = await t.app.request('/console/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: 'not-the-token-at-all' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await json(response)).toMatchObject({ result: 'error', data: { error: 'unauthorized' } });
  });

  it('refuses a sign-in posted from another origin', async () => {
    const response = await t.app.request('/console/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      body: JSON.stringify({ token: OPERATOR_TOKEN }),
    });
    expect(response.status).toBe(403);
  });

  it('limits failed sign-ins per client address, counted with failed bearer tokens', async () => {
    const own = await createTestApp();
    try {
      const attempt = () =>
        own.app.request('/console/api/session', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token: 'guessing-0123456789' }),
        });
      for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('60');
    } finally {
      await own.close();
    }
  });

  it('sets a cookie without Secure and without the __Host- prefix when served over plain HTTP', async () => {
    const plain = await createTestApp({ env: { PUBLIC_BASE_URL: 'http://localhost:8080' } });
    try {
      const response = await plain.app.request('/console/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: OPERATOR_TOKEN }),
      });
      const setCookie = response.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^console_session=/);
      expect(setCookie).not.toMatch(/Secure/);
      expect(setCookie).toMatch(/HttpOnly/);
    } finally {
      await plain.close();
    }
  });
});

describe('the operator API with a console session', () => {
  it('answers reads with the cookie alone and refuses them without it', async () => {
    const session = await signIn(OPERATOR_TOKEN);
    expect((await withSession(session, 'GET', '/operator/api/merchants')).status).toBe(200);
    const anonymous = await t.app.request('/operator/api/merchants');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const forged = await t.app.request('/operator/api/merchants', {
      headers: { Cookie: '__Host-console_session=made-up-session-id' },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a state-changing request without the CSRF token, with another token, or from another origin', async () => {
    const session = await signIn(OPERATOR_TOKEN);
    const other = await signIn(OPERATOR_TOKEN);
    const body = { name: 'Forged merchant' };
    const missing = await withSession(session, 'POST', '/operator/api/merchants', { body });
    expect(missing.status).toBe(403);
    expect((await json(missing)).data.error).toBe('forbidden');
    const wrong = await withSession(session, 'POST', '/operator/api/merchants', {
      body,
      headers: { 'X-CSRF-Token': other.csrf },
    });
    expect(wrong.status).toBe(403);
    const crossSite = await withSession(session, 'POST', '/operator/api/merchants', {
      body,
      headers: {
        'X-CSRF-Token': session.csrf,
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      },
    });
    expect(crossSite.status).toBe(403);
    expect(await t.db.query(`SELECT 1 FROM merchants WHERE name = 'Forged merchant'`)).toHaveLength(0);

    const allowed = await withSession(session, 'POST', '/operator/api/merchants', {
      body: { name: 'Console merchant' },
      headers: { 'X-CSRF-Token': session.csrf, Origin: 'https://pay.test', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(allowed.status).toBe(201);
  });

  it('reads the session back with the same CSRF token, and ends it at its expiry', async () => {
    const own = await createTestApp({ env: { CONSOLE_SESSION_HOURS: '1' } });
    try {
      const session = await signIn(OPERATOR_TOKEN, own);
      const read = await own.app.request('/console/api/session', { headers: { Cookie: session.cookie } });
      expect(read.status).toBe(200);
      expect((await json(read)).data).toMatchObject({ operator: 'root', csrf_token: session.csrf });
      own.clock.advance(3600_000);
      const expired = await own.app.request('/console/api/session', { headers: { Cookie: session.cookie } });
      expect((await json(expired)).data).toEqual({ signed_in: false });
      expect(
        (await own.app.request('/operator/api/merchants', { headers: { Cookie: session.cookie } })).status,
      ).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('signs out: the cookie is cleared and the session refused afterwards, also by the API', async () => {
    const session = await signIn(OPERATOR_TOKEN);
    const refused = await withSession(session, 'DELETE', '/console/api/session');
    expect(refused.status).toBe(403);
    const out = await withSession(session, 'DELETE', '/console/api/session', {
      headers: { 'X-CSRF-Token': session.csrf },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await json(await withSession(session, 'GET', '/console/api/session'))).data).toEqual({
      signed_in: false,
    });
    expect((await withSession(session, 'GET', '/operator/api/merchants')).status).toBe(401);
  });
});

describe('named operators', () => {
  it('are created by the root operator with a token shown once, act under their name, and end when revoked', async () => {
    const created = await t.operator('POST', '/operator/api/operators', { name: 'asha' });
    expect(created.status).toBe(201);
    const { token, ...account } = (await json(created)).data;
    expect(token).toMatch(/^op_[A-Za-z0-9_-]{40,}$/);
    expect(account).toMatchObject({ name: 'asha', created_by: 'root', revoked_at: null });
    const stored = await queryRows(
      t.db,
      z.object({ token_digest: z.string() }),
      `SELECT token_digest FROM operators WHERE name = 'asha'`,
    );
    expect(stored[0]?.token_digest).not.toContain(token);

    const asBearer = await t.app.request('/operator/api/merchants', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(asBearer.status).toBe(200);
    const notRoot = await t.app.request('/operator/api/operators', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'ravi' }),
    });
    expect(notRoot.status).toBe(403);
    const session = await signIn(token);
    expect(session.body.operator).toBe('asha');

    const list = await t.operator('GET', '/operator/api/operators');
    expect((await json(list)).data).toEqual([expect.objectContaining({ name: 'asha', revoked_at: null })]);

    expect((await t.operator('DELETE', '/operator/api/operators/asha')).status).toBe(200);
    const afterRevoke = await t.app.request('/operator/api/merchants', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(afterRevoke.status).toBe(401);
    expect((await withSession(session, 'GET', '/operator/api/merchants')).status).toBe(401);
    expect((await t.operator('DELETE', '/operator/api/operators/asha')).status).toBe(404);
  });

  it('refuses the reserved name root, bad names and a name in use', async () => {
    expect((await t.operator('POST', '/operator/api/operators', { name: 'root' })).status).toBe(400);
    expect((await t.operator('POST', '/operator/api/operators', { name: 'Has Space' })).status).toBe(400);
    expect((await t.operator('POST', '/operator/api/operators', { name: 'meera' })).status).toBe(201);
    expect((await t.operator('POST', '/operator/api/operators', { name: 'meera' })).status).toBe(409);
  });

  it('keeps refusing a bearer token that is not a token of anyone', async () => {
    const response = await t.app.request('/operator/api/merchants', {
      headers: { Authorization: 'Bearer op_nope' },
    });
    expect(response.status).toBe(401);
    expect((await json(response)).data.error).toBe('unauthorized');
  });
});
