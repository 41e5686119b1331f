/**
 * A UTR that belongs to a bank credit of another amount (an earlier deposit, a wrong UTR): the
 * service refuses the claim with 409 `credit_mismatch` and the credit's amount, and the order stays
 * open. The answer is faked at the HTTP boundary: the page's real API module reads it.
 */
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCheckoutApi } from '../../../src/checkout/api/checkout-api.js';
import { renderApp, settle } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

const LABEL = 'UTR (12-digit reference number)';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function serviceWith(order: ReturnType<typeof sampleOrder>) {
  const claims: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST' && new URL(request.url).pathname === '/Payments/india_match') {
      claims.push(await request.json());
      return json(409, {
        result: 'error',
        data: {
          error: 'credit_mismatch',
          details: 'serial_number: this UTR belongs to a payment of 499.00 INR; this order is for 500.00 INR',
          credit_amount: '499.00',
        },
      });
    }
    return json(200, { result: 'success', data: order });
  });
  const api = createCheckoutApi({ baseUrl: 'https://pay.example', fetch: fetch as typeof globalThis.fetch });
  return { api, claims, fetch };
}

describe('a UTR that belongs to a payment of another amount', () => {
  it('says whose payment the UTR is, what to do in each case, and keeps the field open with the UTR', async () => {
    const order = sampleOrder({ amount: '500.00', final_amount: '500.00' });
    const { api, claims } = serviceWith(order);
    renderApp(api);
    const input = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    fireEvent.input(input, { target: { value: '012110345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    await settle();
    expect(claims).toEqual([{ payment_uid: 'pay_123', serial_number: '012110345678' }]);
    expect(screen.getByRole('alert').textContent).toBe(
      'This UTR belongs to a payment of ₹499.00, but this order is for ₹500.00. If you paid ₹499.00, contact the shop with the order reference A-1001. If you copied the wrong UTR, enter the right one.',
    );
    // The order is still open: the field and the button stay, the UTR in it, ready to be corrected.
    expect(
      screen.getByRole('heading', { level: 1, hidden: true, name: 'Waiting for your payment' }),
    ).toBeTruthy();
    expect(input.value).toBe('012110345678');
    expect(document.activeElement).toBe(input);
    expect((screen.getByRole('button', { name: 'Confirm payment' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.queryByText('Looks right: 12 digits.')).toBeNull();
    fireEvent.input(input, { target: { value: '012110345679' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
