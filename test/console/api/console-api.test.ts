import { describe, expect, it, vi } from 'vitest';
import { createConsoleApi } from '../../../src/console/api/console-api.js';

function fakeFetch(answers: Record<string, { status: number; body: unknown }>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const answer = answers[key] ?? {
      status: 404,
      body: { result: 'error', data: { error: 'not_found', details: key } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

const session = {
  signed_in: true,
  operator: 'asha',
  expires_at: '2026-03-11T06:30:00Z',
  csrf_token: 'tok123',
  csrf_header: 'X-CSRF-Token',
};

describe('the console API module', () => {
  it('treats "not signed in" as unauthorized and sends the CSRF token only on writes after sign-in', async () => {
    const fetch = fakeFetch({
      'GET /console/api/session': { status: 200, body: { result: 'success', data: { signed_in: false } } },
      'POST /console/api/session': { status: 201, body: { result: 'success', data: session } },
      'POST /operator/api/orders/p1/callbacks/resend': { status: 200, body: { result: 'success', data: {} } },
      'GET /operator/api/summary/today': { status: 200, body: { result: 'success', data: {} } },
    });
    const api = createConsoleApi({ baseUrl: 'https://pay.test', fetch });
    expect(await api.session()).toEqual({ kind: 'unauthorized' });
    expect((await api.signIn('op_x')).kind).toBe('ok');
    await api.today();
    await api.resendCallback('p1', 'why');
    const requests = fetch.mock.calls.map(([input]) => input as Request);
    const today = requests.find((r) => r.url.endsWith('/summary/today'));
    const resend = requests.find((r) => r.url.endsWith('/resend'));
    expect(today?.headers.get('x-csrf-token')).toBeNull();
    expect(resend?.headers.get('x-csrf-token')).toBe('tok123');
    expect(resend?.credentials).toBe('same-origin');
  });

  it('turns 401 into unauthorized, an error envelope into refused with its details, and 5xx or junk into offline', async () => {
    const fetch = fakeFetch({
      'GET /operator/api/merchants': {
        status: 401,
        body: { result: 'error', data: { error: 'unauthorized' } },
      },
      'POST /operator/api/merchants': {
        status: 400,
        body: { result: 'error', data: { error: 'invalid_field', details: 'name: required' } },
      },
      'GET /operator/api/summary/today': { status: 502, body: 'bad gateway' },
    });
    const api = createConsoleApi({ baseUrl: 'https://pay.test', fetch });
    expect(await api.merchants()).toEqual({ kind: 'unauthorized' });
    expect(await api.createMerchant({})).toEqual({
      kind: 'refused',
      code: 'invalid_field',
      details: 'name: required',
    });
    expect(await api.today()).toEqual({ kind: 'offline' });
  });

  it('reads every answer through its documented schema: a missing field is offline, a field more is dropped', async () => {
    const key = { merchant_uid: 'M100', api_key: 'ak_1', api_secret: 's3cret' };
    const fetch = fakeFetch({
      'POST /operator/api/merchants/M100/keys': {
        status: 201,
        body: { result: 'success', data: { ...key, rotated_by: 'asha' } },
      },
      'DELETE /operator/api/merchants/M100/keys/ak_1': {
        status: 200,
        body: { result: 'success', data: { api_key: 'ak_1' } },
      },
    });
    const api = createConsoleApi({ baseUrl: 'https://pay.test', fetch });
    expect(await api.issueKey('M100')).toEqual({ kind: 'ok', data: key });
    expect(await api.revokeKey('M100', 'ak_1')).toEqual({ kind: 'offline' });
  });

  it('sends only the filters that have a value, and builds the address of a batch file to download', async () => {
    const fetch = fakeFetch({});
    const api = createConsoleApi({ baseUrl: 'https://pay.test', fetch });
    await api.searchOrders({ q: 'chai', status: '', kind: 'income' }, 'c42');
    await api.audit({ actor: 'asha', action: '' });
    await api.audit({ limit: '5' });
    const asked = fetch.mock.calls.map(([input]) => new URL((input as Request).url));
    expect(asked.map((url) => `${url.pathname}${url.search}`)).toEqual([
      '/operator/api/order-search?q=chai&kind=income&cursor=c42',
      '/operator/api/audit?limit=50&actor=asha',
      '/operator/api/audit?limit=5',
    ]);
    expect(api.payoutBatchFileUrl('PB 1', { layout: 'hdfc-enet', client_code: '' })).toBe(
      'https://pay.test/operator/api/payout-batches/PB%201/file?layout=hdfc-enet',
    );
  });
});
