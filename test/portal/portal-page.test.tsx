/**
 * The portal page in happy-dom, through its real API module (createPortalApi and the shared
 * schemas): only the network is stood in for, by answers in the service's envelope.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/portal/api/portal-api.js';
import { App } from '../../src/portal/app.js';

afterEach(() => cleanup());

type Answer = { readonly status: number; readonly data: unknown };
type Routes = Record<string, Answer | Answer[]>;
interface Sent {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly csrf: string | null;
}

const SESSION = {
  signed_in: true,
  user_id: 'usr_1',
  email: 'accounts@chaipoint.in',
  merchant_uid: 'mch_1',
  merchant_name: 'Chai Point',
  expires_at: '2026-03-11T06:30:00Z',
  csrf_token: 'csrf-1',
  csrf_header: 'X-CSRF-Token',
};
const refused = (status: number, error: string, details: string): Answer => ({
  status,
  data: { error, details },
});

/** A network that answers each `METHOD /path` (query left off) in turn, and records what was sent. */
function network(routes: Routes) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace('/merchant/api', '');
    const text = await request.text();
    sent.push({
      method: request.method,
      path: `${path}${url.search}`,
      body: text ? JSON.parse(text) : undefined,
      csrf: request.headers.get('x-csrf-token'),
    });
    const listed = routes[`${request.method} ${path}`];
    const answer = Array.isArray(listed) ? (listed.length > 1 ? listed.shift() : listed[0]) : listed;
    if (!answer)
      return Response.json({ result: 'error', data: { error: 'not_found', details: path } }, { status: 404 });
    const result = answer.status < 400 ? 'success' : 'error';
    return Response.json({ result, data: answer.data }, { status: answer.status });
  };
  return {
    sent,
    api: createPortalApi({ baseUrl: 'http://portal.test', fetch: fetch as typeof globalThis.fetch }),
  };
}

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function show(routes: Routes, hash: string) {
  window.location.hash = hash;
  const net = network(routes);
  render(<App deps={{ api: net.api }} />);
  return net;
}

const submit = (button: string) =>
  fireEvent.submit(screen.getByRole('button', { name: button }).closest('form') as HTMLFormElement);
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
/** The error shown next to a field: the element its aria-describedby names. */
function errorOf(label: string): string {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('the merchant portal page', () => {
  it('signs in: a wrong password is said next to the password, the right one opens Orders', async () => {
    const net = show(
      {
        'GET /session': { status: 200, data: { signed_in: false } },
        'POST /session': [
          refused(401, 'unauthorized', 'email or password: not a match'),
          { status: 201, data: SESSION },
        ],
        'GET /orders': { status: 200, data: { orders: [], next_cursor: null } },
      },
      '',
    );
    await settle();
    expect(screen.getByRole('heading', { name: 'Merchant portal' })).toBeTruthy();
    submit('Sign in');
    await settle();
    expect(errorOf('E-mail address')).toBe('Enter your e-mail address.');

    type('E-mail address', 'accounts@chaipoint.in');
    type('Password', 'wrong password');
    submit('Sign in');
    await settle();
    expect(errorOf('Password')).toBe('That e-mail address and password do not match.');

    type('Password', 'the right password');
    submit('Sign in');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.getByText('accounts@chaipoint.in')).toBeTruthy();
    expect(net.sent.find((s) => s.method === 'POST')?.body).toEqual({
      email: 'accounts@chaipoint.in',
      password: 'wrong password',
    });
  });

  it('says an address no screen answers to is not found, with the way back to Orders', async () => {
    show({ 'GET /session': { status: 200, data: SESSION } }, '#/nowhere');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe('#/orders');
    expect(document.title).toBe('Not found · Merchant portal');
  });

  it('opens an invitation: two different passwords are refused on the page, then the token is used and leaves the address', async () => {
    const net = show(
      {
        'GET /session': { status: 200, data: { signed_in: false } },
        'POST /invite': { status: 201, data: SESSION },
        'GET /orders': { status: 200, data: { orders: [], next_cursor: null } },
      },
      '#invite=inv_abc',
    );
    await settle();
    expect(screen.getByRole('heading', { name: 'Set your password' })).toBeTruthy();
    type('New password', 'short');
    submit('Set password and sign in');
    await settle();
    expect(errorOf('New password')).toContain('Choose a password of at least 10 characters.');
    type('New password', 'a long enough password');
    type('The same password again', 'another long password');
    submit('Set password and sign in');
    await settle();
    expect(errorOf('The same password again')).toBe(
      'The two passwords differ. Type the same password twice.',
    );
    expect(net.sent.some((s) => s.path === '/invite')).toBe(false);

    type('The same password again', 'a long enough password');
    submit('Set password and sign in');
    await settle();
    expect(net.sent.find((s) => s.path === '/invite')?.body).toEqual({
      token: 'inv_abc',
      password: 'a long enough password',
    });
    expect(window.location.hash).toBe('#/orders');
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
  });

  it('says under the form when sign-in is refused for too many attempts, and when an invitation is used up', async () => {
    show(
      {
        'GET /session': { status: 200, data: { signed_in: false } },
        'POST /session': refused(429, 'rate_limited', 'too many attempts'),
      },
      '',
    );
    await settle();
    type('E-mail address', 'accounts@chaipoint.in');
    type('Password', 'a password');
    submit('Sign in');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Wait a minute, then try again.');
    cleanup();

    show(
      {
        'GET /session': { status: 200, data: { signed_in: false } },
        'POST /invite': [
          refused(400, 'invalid_field', 'password: too common, choose another'),
          refused(404, 'not_found', 'no such invitation'),
        ],
      },
      '#invite=inv_old',
    );
    await settle();
    type('New password', 'password123');
    type('The same password again', 'password123');
    submit('Set password and sign in');
    await settle();
    expect(errorOf('New password')).toContain('Too common, choose another');
    submit('Set password and sign in');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'This invitation has been used or has expired. Ask for a new one, or sign in if you have a password.',
    );
  });

  it('asks for orders with only the filters that have a value, and addresses a statement under its own API', async () => {
    const net = network({ 'GET /orders': { status: 200, data: { orders: [], next_cursor: null } } });
    await net.api.orders({ q: '', status: 'completed', from: '2026-03-01' }, 'c9');
    expect(net.sent.map((each) => each.path)).toEqual(['/orders?status=completed&from=2026-03-01&cursor=c9']);
    expect(net.api.statementUrl('2026-03-01', '2026-03-31')).toBe(
      'http://portal.test/merchant/api/balance/statement?from=2026-03-01&to=2026-03-31',
    );
  });

  it('rotates a key: the new secret is shown once, the revoke carries the CSRF token, the last key refusal is shown', async () => {
    const oldKey = {
      api_key: 'key_old',
      status: 'active',
      created_at: '2026-03-01T00:00:00Z',
      revoked_at: null,
    };
    const newKey = {
      api_key: 'key_new',
      status: 'active',
      created_at: '2026-03-11T00:00:00Z',
      revoked_at: null,
    };
    const net = show(
      {
        'GET /session': { status: 200, data: SESSION },
        'GET /keys': [
          { status: 200, data: [oldKey] },
          { status: 200, data: [oldKey, newKey] },
        ],
        'POST /keys': {
          status: 201,
          data: { merchant_uid: 'mch_1', api_key: 'key_new', api_secret: 'sec_once' },
        },
        'DELETE /keys/key_old': { status: 200, data: { api_key: 'key_old', status: 'revoked' } },
        'DELETE /keys/key_new': refused(
          409,
          'invalid_transition',
          'api_key: the only active key; create another and move to it first',
        ),
      },
      '#/keys',
    );
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Create a new key' }));
    await settle();
    expect(screen.getByText('sec_once')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    await settle();
    expect(screen.queryByText('sec_once')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke key_old' }));
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Key key_old revoked');
    expect(net.sent.find((s) => s.method === 'DELETE')?.csrf).toBe('csrf-1');

    fireEvent.click(screen.getByRole('button', { name: 'Revoke key_new' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'The only active key; create another and move to it first',
    );
  });

  it('shows a settings refusal next to its field', async () => {
    show(
      {
        'GET /session': { status: 200, data: SESSION },
        'GET /settings': {
          status: 200,
          data: {
            name: 'Chai Point',
            callback_statuses: 'all',
            embed_origins: [],
            support_contact: '',
            brand_color: null,
            default_notify_url: '',
            redirect_origins: [],
          },
        },
        'PATCH /settings': refused(400, 'invalid_field', 'embed_origins.0: must be an https origin'),
      },
      '#/settings',
    );
    fireEvent.input(await screen.findByLabelText('Sites that may frame the checkout'), {
      target: { value: 'ftp://x' },
    });
    submit('Save settings');
    await settle();
    expect(errorOf('Sites that may frame the checkout')).toContain('Must be an https origin');
  });
  it("names the payer from the bank's credit when the order was created without one, and says so", async () => {
    const order = {
      payment_uid: 'pay_1',
      merchant_order_id: 'ord-7',
      kind: 'income',
      payterm: 'UPI',
      amount: '1499.00',
      final_amount: '1499.00',
      status: 'completed',
      payer_name: '',
      payee_name: '',
      utr: '412345678901',
      notify_status: 'success',
      created_at: '2026-03-11T06:00:00Z',
      notify_url: '',
      redirect_url: '',
      payment_fail_reason: '',
      expires_at: '2026-03-11T06:30:00Z',
    };
    const credit = { kind: 'credit', at: '2026-03-11T06:05:00Z', utr: '412345678901', amount: '1499.00' };
    const callbacks = {
      status: 200,
      data: {
        payment_uid: 'pay_1',
        notify_url: '',
        notify_status: '',
        notify_fail_reason: '',
        outbox: [],
        attempts: [],
      },
    };
    show(
      {
        'GET /session': { status: 200, data: SESSION },
        'GET /orders/pay_1': {
          status: 200,
          data: { order, story: [{ ...credit, payer_name: 'DEVIKA RAGHAVAN' }] },
        },
        'GET /orders/pay_1/callbacks': callbacks,
      },
      '#/orders/pay_1',
    );
    expect(
      await screen.findByText('DEVIKA RAGHAVAN (from the bank credit)', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    cleanup();

    show(
      {
        'GET /session': { status: 200, data: SESSION },
        'GET /orders/pay_1': {
          status: 200,
          data: {
            order: { ...order, payer_name: 'Devika R' },
            story: [{ ...credit, payer_name: 'DEVIKA RAGHAVAN' }],
          },
        },
        'GET /orders/pay_1/callbacks': callbacks,
      },
      '#/orders/pay_1',
    );
    expect(await screen.findByText('Devika R', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(/from the bank credit/)).toBeNull();
  });
});
