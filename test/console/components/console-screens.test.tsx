import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../src/console/api/api-result.js';
import { fakeApi, ok } from '../support/fake-api.js';
import { renderConsole, settle } from '../support/render-console.js';
import { orderRow, sampleMerchant, sampleOrder, sampleSummary } from '../support/samples.js';

afterEach(() => cleanup());

/** Submits the form that holds the named button. */
function submitForm(buttonName: string): void {
  fireEvent.submit(screen.getByRole('button', { name: buttonName }).closest('form') as HTMLFormElement);
}

describe('signing in', () => {
  it('shows only the sign-in screen without a session, says when a token is wrong, and opens Today after', async () => {
    const api = fakeApi({
      session: async () => ({ kind: 'unauthorized' }),
      signIn: vi
        .fn()
        .mockResolvedValueOnce({
          kind: 'refused',
          code: 'unauthorized',
          details: 'token: not a valid operator token',
        })
        .mockResolvedValueOnce(ok({ signed_in: true, operator: 'asha', expires_at: '', csrf_token: 'x' })),
    });
    renderConsole(api);
    await settle();
    expect(screen.getByRole('heading', { name: 'Operator console' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Screens' })).toBeNull();
    expect(api.today).not.toHaveBeenCalled();

    fireEvent.input(screen.getByLabelText('Operator token'), { target: { value: 'wrong-token' } });
    submitForm('Sign in');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('That token is not valid.');

    fireEvent.input(screen.getByLabelText('Operator token'), { target: { value: 'op_good' } });
    submitForm('Sign in');
    await settle();
    expect(api.signIn).toHaveBeenLastCalledWith('op_good');
    expect(screen.getByText('asha')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Today' })).toBeTruthy();
  });

  it('goes back to sign-in when the API says the session ended, and on sign-out', async () => {
    const api = fakeApi({ today: async () => ({ kind: 'unauthorized' }) });
    renderConsole(api);
    await settle();
    expect(screen.getByText('Your session has ended. Sign in again.')).toBeTruthy();
    expect(screen.getByLabelText('Operator token')).toBeTruthy();

    const other = fakeApi();
    cleanup();
    renderConsole(other, '#/merchants');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await settle();
    expect(other.signOut).toHaveBeenCalledOnce();
    expect(screen.getByText('You have signed out.')).toBeTruthy();
  });
});

describe('an address no screen answers to', () => {
  it('says so in its heading and title, with the way back to Today', async () => {
    renderConsole(fakeApi(), '#/nowhere');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Today' }).getAttribute('href')).toBe('#/today');
    expect(document.title).toBe('Not found · Operator console');
  });
});

describe('the Today screen', () => {
  it('shows loading, then figures in Indian formatting, each linking to its list', async () => {
    let answer: (value: ApiResult<typeof sampleSummary>) => void = () => {};
    const api = fakeApi({ today: () => new Promise((resolve) => (answer = resolve)) });
    renderConsole(api);
    await settle();
    expect(screen.getByRole('status').textContent).toBe("Loading today's figures…");
    await act(async () => answer(ok(sampleSummary)));
    await settle();
    const completed = screen.getByRole('link', { name: /1,234\s*₹1,23,456\.00/ });
    expect(completed.getAttribute('href')).toBe('#/orders?kind=income&status=completed&from=2026-03-11');
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2' }).getAttribute('href')).toBe('#/credits?tab=waiting');
    const frozen = screen.getByRole('heading', { name: 'Frozen by a statement' }).parentElement;
    expect(frozen?.querySelector('.figure')?.textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Chai Point: 3 failing' }).getAttribute('href')).toBe(
      '#/orders?merchant_uid=M100&callback=failing',
    );
  });

  it('shows an error with a retry that loads again', async () => {
    const api = fakeApi({
      today: vi.fn().mockResolvedValueOnce({ kind: 'offline' }).mockResolvedValueOnce(ok(sampleSummary)),
    });
    renderConsole(api);
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/Could not load today's figures/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(api.today).toHaveBeenCalledTimes(2);
    expect(screen.getByText('75%')).toBeTruthy();
  });
});

describe('the Orders screen', () => {
  it('says so when nothing matches the search from the address', async () => {
    const api = fakeApi();
    renderConsole(api, '#/orders?q=612345678901');
    await settle();
    expect(api.searchOrders).toHaveBeenCalledWith(expect.objectContaining({ q: '612345678901' }), undefined);
    expect(screen.getByText('No orders match.')).toBeTruthy();
  });

  it("shows the payer's name from the bank credit when the order was created without one", async () => {
    const api = fakeApi({
      searchOrders: async () =>
        ok({
          orders: [
            { ...orderRow(1), payer_name: '', credit_payer_name: 'Ravi Kumar' },
            { ...orderRow(2), credit_payer_name: 'R KUMAR' },
            { ...orderRow(3), payer_name: '' },
          ],
          next_cursor: null,
        }),
    });
    renderConsole(api, '#/orders');
    await settle();
    const payer = (order: string) =>
      within(screen.getByRole('link', { name: order }).closest('tr') as HTMLElement).getByText(
        (_text, cell) => cell?.getAttribute('data-label') === 'Payer / payee',
      ).textContent;
    expect(payer('ORD-1')).toBe('Ravi Kumar (from the bank credit)');
    expect(payer('ORD-2')).toBe('Asha');
    expect(payer('ORD-3')).toBe('—');
  });

  it('pages on the server: Older asks with the cursor, Newer goes back', async () => {
    const api = fakeApi({
      searchOrders: async (_query, cursor) =>
        ok(
          cursor
            ? { orders: [orderRow(3)], next_cursor: null }
            : { orders: [orderRow(1), orderRow(2)], next_cursor: 'c2' },
        ),
    });
    renderConsole(api, '#/orders');
    await settle();
    expect(screen.getByRole('link', { name: 'ORD-1' }).getAttribute('href')).toBe('#/orders/pay_1');
    expect(screen.getAllByText('₹199.00')).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await settle();
    expect(api.searchOrders).toHaveBeenLastCalledWith(expect.anything(), 'c2');
    expect(screen.getByRole('link', { name: 'ORD-3' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await settle();
    expect(screen.getByRole('link', { name: 'ORD-1' })).toBeTruthy();
  });
});

describe('the order screen', () => {
  const order = sampleOrder();

  it('shows the timeline and resends the callback only with a note, then reloads', async () => {
    const api = fakeApi({
      order: async () => ok(order),
      timeline: async () =>
        ok([
          { kind: 'claim', at: '2026-03-10T20:01:00Z', utr: '612345678901', client_ip: '10.0.0.7' },
          {
            kind: 'attempt',
            at: '2026-03-10T20:02:00Z',
            outbox_id: 1,
            attempt: 1,
            payment_status: 'completed',
            http_status: 500,
            latency_ms: 12,
            response_snippet: 'down',
            error: '',
          },
        ]),
    });
    renderConsole(api, '#/orders/pay_1');
    await settle();
    expect(screen.getByText('UTR 612345678901 claimed')).toBeTruthy();
    expect(screen.getByText('client address 10.0.0.7')).toBeTruthy();
    expect(screen.getByText('Callback attempt 1 (completed): HTTP 500, 12 ms')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Resend callback' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend callback' });
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await settle();
    expect(screen.getByText('A note is required.')).toBeTruthy();
    expect(api.resendCallback).not.toHaveBeenCalled();

    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'merchant fixed their endpoint' } });
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await settle();
    expect(api.resendCallback).toHaveBeenCalledWith('pay_1', 'merchant fixed their endpoint');
    expect(screen.getByText('Callback queued again.')).toBeTruthy();
    expect(api.timeline).toHaveBeenCalledTimes(2);
  });

  it('keeps the order on screen while it reloads after an action', async () => {
    let answer: ((value: ApiResult<typeof order>) => void) | undefined;
    let calls = 0;
    const api = fakeApi({
      order: () => {
        calls += 1;
        return calls === 1
          ? Promise.resolve(ok(order))
          : new Promise<ApiResult<typeof order>>((resolve) => {
              answer = resolve;
            });
      },
      timeline: async () => ok([]),
    });
    renderConsole(api, '#/orders/pay_1');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Resend callback' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend callback' });
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'endpoint fixed' } });
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await settle();
    expect(calls).toBe(2);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    answer?.(ok(order));
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('shows the service refusal inside the dialog', async () => {
    const api = fakeApi({
      order: async () => ok({ ...order, payment_status: 'processing' }),
      setStatus: async () => ({
        kind: 'refused',
        code: 'invalid_transition',
        details: 'status: refused processing -> refund',
      }),
    });
    renderConsole(api, '#/orders/pay_1');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'payer asked' } });
    fireEvent.submit(screen.getByRole('dialog').querySelector('form') as HTMLFormElement);
    await settle();
    expect(api.setStatus).toHaveBeenCalledWith('pay_1', 'refund', 'payer asked');
    expect(screen.getByRole('dialog').textContent).toContain('status: refused processing -> refund');
  });

  it('says when the order does not exist', async () => {
    renderConsole(fakeApi(), '#/orders/nope');
    await settle();
    expect(screen.getAllByRole('alert')[0]?.textContent).toMatch(/payment_uid: no such order/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order');
  });

  it('has its level-one heading while the order is still loading and the timeline has come', async () => {
    const api = fakeApi({
      order: () => new Promise<ApiResult<typeof order>>(() => {}),
      timeline: async () =>
        ok([{ kind: 'claim', at: '2026-03-10T20:01:00Z', utr: '612345678901', client_ip: '' }]),
    });
    renderConsole(api, '#/orders/pay_1');
    await settle();
    expect(screen.getByText('UTR 612345678901 claimed')).toBeTruthy();
    expect(screen.getByText('Loading the order…')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order');
  });
});

describe('merchants', () => {
  it('creates a merchant and shows its API secret once', async () => {
    const api = fakeApi({
      createMerchant: async () =>
        ok({ merchant: sampleMerchant, merchant_uid: 'M100', api_key: 'ak_new', api_secret: 's3cr3t' }),
    });
    renderConsole(api, '#/merchants');
    await settle();
    expect(screen.getByText('No merchants yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New merchant' }));
    fireEvent.input(screen.getByLabelText('Display name'), { target: { value: 'Chai Point' } });
    submitForm('Create merchant');
    await settle();
    expect(api.createMerchant).toHaveBeenCalledWith({ name: 'Chai Point', embed_origins: [] });
    expect(screen.getByText('s3cr3t')).toBeTruthy();
    // The browser's clipboard, which jsdom lacks: what the page wrote to it.
    let clipboard = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          clipboard = text;
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy API secret' }));
    await settle();
    expect(clipboard).toBe('s3cr3t');
    expect(screen.getByText('Copied.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('s3cr3t')).toBeNull();
  });

  it("shows a merchant's balance and issues a key whose secret is shown once", async () => {
    const api = fakeApi({
      merchant: async () => ok(sampleMerchant),
      issueKey: async () => ok({ merchant_uid: 'M100', api_key: 'ak_second', api_secret: 'another-secret' }),
    });
    renderConsole(api, '#/merchants/M100');
    await settle();
    expect(screen.getByText('₹1,23,456.00')).toBeTruthy();
    expect(screen.getByText('No ledger entries yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    await settle();
    expect(screen.getByText('another-secret')).toBeTruthy();
  });

  it('switches a merchant to callbacks for final statuses only, sending that field alone', async () => {
    const api = fakeApi({ merchant: async () => ok(sampleMerchant) });
    renderConsole(api, '#/merchants/M100');
    await settle();
    const select = screen.getByLabelText('Statuses called back') as HTMLSelectElement;
    expect(select.value).toBe('all');
    fireEvent.change(select, { target: { value: 'final' } });
    submitForm('Save settings');
    await settle();
    expect(api.updateMerchant).toHaveBeenCalledWith('M100', { callback_statuses: 'final' });
    expect(screen.getByText('Settings saved.')).toBeTruthy();
  });

  it("shows the API's refusal of a field under that field, in the operator's words", async () => {
    const api = fakeApi({
      merchant: async () => ok(sampleMerchant),
      updateMerchant: async () => ({
        kind: 'refused',
        code: 'invalid_field',
        details: 'name: Too big: expected string to have <=120 characters',
      }),
    });
    renderConsole(api, '#/merchants/M100');
    await settle();
    fireEvent.input(screen.getByLabelText('Display name'), { target: { value: 'x'.repeat(130) } });
    submitForm('Save settings');
    await settle();
    const name = screen.getByLabelText('Display name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const said = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(said?.textContent).toBe('Use at most 120 characters.');
    expect(screen.getByRole('alert').textContent).toBe('Check Display name: Use at most 120 characters.');
  });
});

describe('credits', () => {
  it('says when no credit is waiting', async () => {
    renderConsole(fakeApi(), '#/credits');
    await settle();
    expect(screen.getByText('No credit is waiting for an order.')).toBeTruthy();
  });
});
