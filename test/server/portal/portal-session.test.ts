import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../../src/server/store/rows.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { asUser, invite, PASSWORD, portalUser, post } from './support/portal-session.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signIn = (email: string, password: string, headers?: Record<string, string>) =>
  post(t, '/merchant/api/session', { email, password }, headers);

describe('merchant portal users', () => {
  it('invites by e-mail with a one-time absolute link valid 72 hours, audited without the token', async () => {
    const invited = await invite(t, t.merchant.merchant_uid, 'owner@chaipoint.in');
    expect(invited.invite_url).toMatch(/^https:\/\/pay\.test\/merchant\/#invite=inv_[A-Za-z0-9_-]{40,}$/);
    expect(new Date(invited.invite_expires_at).getTime()).toBe(t.clock.now().getTime() + 72 * 3600_000);
    const users = await json(
      await t.operator('GET', `/operator/api/merchants/${t.merchant.merchant_uid}/users`),
    );
    expect(users.data).toEqual([
      expect.objectContaining({ email: 'owner@chaipoint.in', status: 'invited', invited_by: 'root' }),
    ]);
    const audit = await queryRows(
      t.db,
      z.object({ actor: z.string(), action: z.string(), after: z.unknown() }),
      "SELECT actor, action, after FROM audit_log WHERE action = 'merchant_user.invite'",
    );
    expect(audit).toEqual([expect.objectContaining({ actor: 'root' })]);
    expect(JSON.stringify(audit)).not.toContain(invited.token);
  });

  it('refuses a bad e-mail, an unknown merchant and an address another user holds', async () => {
    const bad = await t.operator('POST', `/operator/api/merchants/${t.merchant.merchant_uid}/users`, {
      email: 'not an address',
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.error).toBe('invalid_field');
    const missing = await t.operator('POST', '/operator/api/merchants/no-such/users', { email: 'a@b.in' });
    expect(missing.status).toBe(404);
    const other = await t.addMerchant({ name: 'Other' });
    await portalUser(t, other.merchant_uid, 'taken@other.in');
    const taken = await t.operator('POST', `/operator/api/merchants/${t.merchant.merchant_uid}/users`, {
      email: 'TAKEN@other.in',
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).data.error).toBe('name_taken');
  });

  it('sets the password through the invitation once, signed in at once with a strict cookie', async () => {
    const { token } = await invite(t, t.merchant.merchant_uid, 'once@chaipoint.in');
    const short = await post(t, '/merchant/api/invite', { token, password: 'short' });
    expect(short.status).toBe(400);
    const first = await post(t, '/merchant/api/invite', { token, password: PASSWORD });
    expect(first.status).toBe(201);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-merchant_session=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    const body = (await json(first)).data;
    expect(body).toMatchObject({
      signed_in: true,
      email: 'once@chaipoint.in',
      merchant_uid: t.merchant.merchant_uid,
    });
    const again = await post(t, '/merchant/api/invite', { token, password: PASSWORD });
    expect(again.status).toBe(404);
    expect((await json(again)).data.error).toBe('not_found');
    const hashes = await queryRows(
      t.db,
      z.object({ password_hash: z.string() }),
      "SELECT password_hash FROM merchant_users WHERE email = 'once@chaipoint.in'",
    );
    expect(hashes[0]?.password_hash).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(hashes[0]?.password_hash).not.toContain(PASSWORD);
  });

  it('refuses an invitation after 72 hours; a new invitation replaces the old link', async () => {
    const old = await invite(t, t.merchant.merchant_uid, 'late@chaipoint.in');
    t.clock.advance(72 * 3600_000 + 1000);
    expect((await post(t, '/merchant/api/invite', { token: old.token, password: PASSWORD })).status).toBe(
      404,
    );
    const renewed = await invite(t, t.merchant.merchant_uid, 'late@chaipoint.in');
    expect(renewed.user_id).toBe(old.user_id);
    expect((await post(t, '/merchant/api/invite', { token: renewed.token, password: PASSWORD })).status).toBe(
      201,
    );
  });

  it('refuses a cross-site invitation or sign-in before reading it', async () => {
    const { token } = await invite(t, t.merchant.merchant_uid, 'xsite@chaipoint.in');
    const cross = await post(
      t,
      '/merchant/api/invite',
      { token, password: PASSWORD },
      { Origin: 'https://evil.test' },
    );
    expect(cross.status).toBe(403);
    const site = await signIn('xsite@chaipoint.in', PASSWORD, { 'Sec-Fetch-Site': 'cross-site' });
    expect(site.status).toBe(403);
  });
});

describe('portal sign-in and session', () => {
  it('signs in by e-mail (any case) and password; reads and ends the session', async () => {
    await portalUser(t, t.merchant.merchant_uid, 'cashier@chaipoint.in');
    const response = await signIn('Cashier@ChaiPoint.in', PASSWORD);
    expect(response.status).toBe(201);
    const user = asUser(t, 'cashier@chaipoint.in', {
      setCookie: response.headers.get('set-cookie') ?? '',
      data: (await json(response)).data,
    });
    const session = await json(await user.request('GET', '/merchant/api/session'));
    expect(session.data).toMatchObject({
      signed_in: true,
      email: 'cashier@chaipoint.in',
      merchant_name: 'Chai Point',
    });
    const noCsrf = await user.request('DELETE', '/merchant/api/session', undefined, {
      'X-CSRF-Token': 'nope',
    });
    expect(noCsrf.status).toBe(403);
    expect((await user.request('DELETE', '/merchant/api/session')).status).toBe(200);
    expect((await json(await user.request('GET', '/merchant/api/session'))).data).toEqual({
      signed_in: false,
    });
  });

  it('answers a wrong password and an unknown address alike, with 401 in the error shape', async () => {
    await portalUser(t, t.merchant.merchant_uid, 'alike@chaipoint.in');
    const wrong = await signIn('alike@chaipoint.in', 'not the password', { 'X-Forwarded-For': '10.9.0.1' });
    const unknown = await signIn('nobody@chaipoint.in', 'not the password', {
      'X-Forwarded-For': '10.9.0.1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await json(wrong)).data.details).toBe((await json(unknown)).data.details);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('a portal session is no console session', async () => {
    const user = await portalUser(t, t.merchant.merchant_uid, 'scope@chaipoint.in');
    const console = await t.app.request('/operator/api/merchants', {
      headers: { Cookie: user.cookie.replace('merchant_session', 'console_session') },
    });
    expect(console.status).toBe(401);
  });

  it('keeps only digests of session ids', async () => {
    const user = await portalUser(t, t.merchant.merchant_uid, 'digest@chaipoint.in');
    const id = user.cookie.split('=')[1] ?? '';
    const rows = await queryRows(
      t.db,
      z.object({ id_digest: z.string() }),
      'SELECT id_digest FROM merchant_sessions',
    );
    expect(rows.map((row) => row.id_digest)).not.toContain(id);
  });
});

describe('failed sign-ins are throttled', () => {
  it('per account: after five wrong passwords even the right one waits', async () => {
    await portalUser(t, t.merchant.merchant_uid, 'locked@chaipoint.in');
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await signIn('locked@chaipoint.in', `wrong password ${attempt}`);
      expect(response.status).toBe(401);
    }
    const refused = await signIn('locked@chaipoint.in', PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(refused)).data.error).toBe('rate_limited');
    t.clock.advance(61_000);
    expect((await signIn('locked@chaipoint.in', PASSWORD)).status).toBe(201);
  });

  it('per address: twenty failures over any accounts, then the address waits', async () => {
    const from = (address: string, email: string) =>
      t.app.request(
        '/merchant/api/session',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'https://pay.test' },
          body: JSON.stringify({ email, password: 'not it at all' }),
        },
        { incoming: { socket: { remoteAddress: address } } },
      );
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await from('198.51.100.7', `guess${attempt}@x.in`)).status).toBe(401);
    }
    const refused = await from('198.51.100.7', 'new@x.in');
    expect(refused.status).toBe(429);
    expect((await from('198.51.100.8', 'new@x.in')).status).toBe(401);
  });
});
