import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../support/fake-api.js';
import { advance, renderApp } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function show(overrides: Parameters<typeof sampleOrder>[0]) {
  const api = new FakeApi(sampleOrder(overrides));
  const rendered = renderApp(api);
  await advance(0);
  return { api, ...rendered };
}

describe('result screens', () => {
  it('verifying: says the UTR is being matched and shows it', async () => {
    await show({ payment_status: 'processing', utr: '012110345678' });
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
    expect(screen.getByText(/We are matching your UTR with the bank/)).toBeTruthy();
    expect(screen.getByText('012110345678')).toBeTruthy();
    expect(screen.queryByLabelText(/UTR \(12-digit/)).toBeNull();
  });

  it('success: amount, UTR and time, then back to the shop after a visible 5 s countdown', async () => {
    const { navigate } = await show({ payment_status: 'completed', utr: '012110345678' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('Thank you! ₹1,500.00 was paid to Chai Point.')).toBeTruthy();
    expect(screen.getByText('012110345678')).toBeTruthy();
    expect(screen.getByText('Time')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Returning to Chai Point in 5 s…');
    await advance(2_000);
    expect(screen.getByRole('timer').textContent).toBe('Returning to Chai Point in 3 s…');
    expect(navigate).not.toHaveBeenCalled();
    await advance(3_000);
    expect(navigate).toHaveBeenCalledWith('https://shop.example/return?order=A-1001');
  });

  it('lets the payer stay: cancelling stops the countdown', async () => {
    const { navigate } = await show({ payment_status: 'completed' });
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Return to Chai Point' }));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('lets the payer go now', async () => {
    const { navigate } = await show({ payment_status: 'completed' });
    fireEvent.click(screen.getByRole('button', { name: 'Return to Chai Point' }));
    expect(navigate).toHaveBeenCalledWith('https://shop.example/return?order=A-1001');
  });

  it('without a redirect_url (or an unsafe one) says the page may be closed', async () => {
    const { navigate } = await show({ payment_status: 'completed', redirect_url: 'javascript:alert(1)' });
    expect(screen.getByText('You can close this page now.')).toBeTruthy();
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejected: both amounts, the UTR, the reason in words, what to do, and no automatic redirect', async () => {
    const { navigate } = await show({
      payment_status: 'reject',
      final_amount: '1400.00',
      fail_reason: { code: 'amount_mismatch', params: { expected: '1500.00', received: '1400.00' } },
      utr: '012110345678',
      merchant: { name: 'Chai Point', brand_color: null, support_contact: 'help@chai.example' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not accepted' })).toBeTruthy();
    expect(screen.getByText('We expected ₹1,500.00 but received ₹1,400.00.')).toBeTruthy();
    expect(screen.getByText('Amount of this order').nextElementSibling?.textContent).toBe('₹1,500.00');
    expect(screen.getByText('Amount received').nextElementSibling?.textContent).toBe('₹1,400.00');
    expect(screen.getByText('012110345678')).toBeTruthy();
    expect(screen.getByText(/Contact Chai Point with your UTR 012110345678/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@chai.example' }).getAttribute('href')).toBe(
      'mailto:help@chai.example',
    );
    expect(screen.queryByRole('timer')).toBeNull();
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the shop' }));
    expect(navigate).toHaveBeenCalledWith('https://shop.example/return?order=A-1001');
  });

  it('failed: says why in the payer’s words, still takes a UTR, and does not leave by itself', async () => {
    const { navigate } = await show({
      payment_status: 'failed',
      fail_reason: { code: 'no_payment', params: {} },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText('No payment with the UTRs you entered reached us.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Already paid? Enter your UTR' })).toBeTruthy();
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Back to the shop' })).toBeTruthy();
  });

  it('an unknown reason code reads as a general failure, never as raw text', async () => {
    await show({ payment_status: 'failed', fail_reason: { code: 'bank_exploded', params: {} } });
    expect(screen.getByText('This payment could not be confirmed.')).toBeTruthy();
    expect(screen.queryByText(/bank_exploded/)).toBeNull();
  });

  it('expired: the QR is gone, a late UTR is still taken, and the way back is offered', async () => {
    const { api } = await show({ payment_status: 'overdue' });
    expect(screen.getByRole('heading', { level: 1, name: 'Time to pay is over' })).toBeTruthy();
    expect(screen.getByText(/do not pay with the old QR code/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Pay with/ })).toBeNull();
    const input = screen.getByLabelText('UTR (12-digit reference number)');
    fireEvent.input(input, { target: { value: '012110345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await advance(0);
    expect(api.submitUtr).toHaveBeenCalledWith('pay_123', '012110345678');
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
  });

  it('refunded: says the money went back and waits for the payer', async () => {
    const { navigate } = await show({
      payment_status: 'refund',
      fail_reason: { code: 'refunded', params: {} },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment refunded' })).toBeTruthy();
    expect(screen.getByText(/sent back to you/)).toBeTruthy();
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('countdown and expiry', () => {
  it('counts down calmly, shows a clock in the last minutes, and switches to expired at zero', async () => {
    const api = new FakeApi(sampleOrder({ expires_at: new Date(NOW + 6 * 60_000).toISOString() }));
    renderApp(api);
    await advance(0);
    expect(screen.getByText('Pay within about 6 min')).toBeTruthy();
    await advance(2 * 60_000);
    expect(screen.getByText('Time left: 4:00')).toBeTruthy();
    await advance(3 * 60_000 + 30_000);
    const urgent = screen.getByText('Time left: 0:30');
    expect(urgent.className).toContain('urgent');
    await advance(31_000);
    expect(screen.getByRole('heading', { level: 1, name: 'Time to pay is over' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('uses the server’s clock, not the device’s', async () => {
    // The device clock is 10 minutes fast: the server still gives 15 minutes.
    vi.setSystemTime(NOW + 10 * 60_000);
    renderApp(new FakeApi(sampleOrder()));
    await advance(0);
    expect(screen.getByText('Pay within about 15 min')).toBeTruthy();
  });
});

describe('payout status page', () => {
  const payout = {
    transaction_type: 'expense',
    payterm: 'IMPS',
    extra: null,
    collection: null,
    expires_at: null,
  } as const;

  it('shows a payout’s status read-only', async () => {
    await show({ ...payout, payment_status: 'processing' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payout status' })).toBeTruthy();
    expect(screen.getByText('Chai Point is sending ₹1,500.00 to your bank account.')).toBeTruthy();
    expect(screen.getByText('Sent to the bank')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  });

  it('says "Paid out" when it is, and offers the way back without leaving by itself', async () => {
    const { navigate } = await show({ ...payout, payment_status: 'completed' });
    expect(screen.getByText('Paid out')).toBeTruthy();
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the shop' }));
    expect(navigate).toHaveBeenCalledWith('https://shop.example/return?order=A-1001');
  });
});

describe('not found and unreachable', () => {
  it('shows a friendly "link not found"', async () => {
    renderApp(new FakeApi(undefined));
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment link not found' })).toBeTruthy();
    expect(screen.getByText(/Go back to the shop and start the payment again/)).toBeTruthy();
  });

  it('says when the service cannot be reached and recovers by itself', async () => {
    const api = new FakeApi(sampleOrder());
    api.online = false;
    renderApp(api);
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Cannot reach the payment service' })).toBeTruthy();
    api.online = true;
    await advance(2_000);
    expect(screen.getByRole('region', { name: 'Amount to pay' })).toBeTruthy();
  });
});
