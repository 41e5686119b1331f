/** A merchant portal user in tests: invited by the operator, password set, requests with the session. */
import { expect } from 'vitest';
import { json, type TestApp } from '../../support/test-app.js';

export const PASSWORD = 'correct horse battery staple';

export interface PortalUser {
  readonly email: string;
  readonly userId: string;
  readonly cookie: string;
  readonly csrf: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

const SAME_ORIGIN = { Origin: 'https://pay.test' };

export async function invite(t: TestApp, merchantUid: string, email: string) {
  const response = await t.operator('POST', `/operator/api/merchants/${merchantUid}/users`, { email });
  expect(response.status).toBe(201);
  const data = (await json(response)).data;
  const token = new URL(data.invite_url).hash.replace(/^#invite=/, '');
  return { ...data, token } as {
    user_id: string;
    invite_url: string;
    invite_expires_at: string;
    token: string;
  };
}

export async function post(
  t: TestApp,
  path: string,
  body: unknown,
  headers: Record<string, string> = SAME_ORIGIN,
) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export function asUser(
  t: TestApp,
  email: string,
  response: { setCookie: string; data: { user_id: string; csrf_token: string } },
): PortalUser {
  const cookie = response.setCookie.split(';')[0] ?? '';
  return {
    email,
    userId: response.data.user_id,
    cookie,
    csrf: response.data.csrf_token,
    request: async (method, path, body, headers = {}) =>
      t.app.request(path, {
        method,
        headers: {
          Cookie: cookie,
          ...(method === 'GET' ? {} : { ...SAME_ORIGIN, 'X-CSRF-Token': response.data.csrf_token }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

/** Invites `email` to the merchant, sets the password through the invitation and answers the signed-in user. */
export async function portalUser(t: TestApp, merchantUid: string, email: string): Promise<PortalUser> {
  const { token } = await invite(t, merchantUid, email);
  const response = await post(t, '/merchant/api/invite', { token, password: PASSWORD });
  expect(response.status).toBe(201);
  return asUser(t, email, {
    setCookie: response.headers.get('set-cookie') ?? '',
    data: (await json(response)).data,
  });
}
