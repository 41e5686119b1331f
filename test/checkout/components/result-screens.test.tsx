import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
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

/** The signed return address the sample order carries for a status (see sample-order.ts). */
const returnFor = (status: string) =>
  `https://shop.example/return?order=A-1001&merchant_order_id=A-1001&payment_uid=pay_123&payment_status=${status}&signature=c0ffee`;

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
    expect(screen.getByText(/As soon as the bank reports your payment to Chai Point/)).toBeTruthy();
    expect(screen.getByText('012110345678')).toBeTruthy();
    expect(screen.queryByLabelText(/UTR \(12-digit/)).toBeNull();
  });

  it('success: amount, shop, UTR, date and time, then back to the shop (signed) after a visible 5 s countdown', async () => {
    const { navigate } = await show({ payment_status: 'completed', utr: '012110345678' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('Thank you! ₹1,500.00 was paid to Chai Point.')).toBeTruthy();
    expect(screen.getByText('012110345678')).toBeTruthy();
    expect(screen.getByText('Shop').nextElementSibling?.textContent).toBe('Chai Point');
    expect(screen.getByText('Date and time').nextElementSibling?.textContent).toMatch(/2030/);
    expect(screen.getByRole('timer').textContent).toBe('Returning to Chai Point in 5 s…');
    await advance(2_000);
    expect(screen.getByRole('timer').textContent).toBe('Returning to Chai Point in 3 s…');
    expect(navigate).not.toHaveBeenCalled();
    await advance(3_000);
    expect(navigate).toHaveBeenCalledWith(returnFor('completed'));
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
    expect(navigate).toHaveBeenCalledWith(returnFor('completed'));
  });

  it('goes back to the plain redirect_url when the service could not sign one', async () => {
    const { navigate } = await show({ payment_status: 'completed', return_url: null });
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
    // What to do, once: the shop's contact with the order reference and the UTR to quote.
    const contact = screen.getByRole('region', { name: 'Contact the shop' });
    expect(
      within(contact).getByText(/Contact Chai Point with the order reference and your UTR/),
    ).toBeTruthy();
    expect(within(contact).getByText('012110345678')).toBeTruthy();
    expect(within(contact).getByText('A-1001')).toBeTruthy();
    expect(screen.getAllByText(/Contact/).filter((element) => element.tagName === 'P')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'help@chai.example' }).getAttribute('href')).toBe(
      'mailto:help@chai.example',
    );
    expect(screen.queryByRole('timer')).toBeNull();
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the shop' }));
    expect(navigate).toHaveBeenCalledWith(returnFor('reject'));
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

  it('failed by the payment team: takes no UTR and sends the payer to the shop with what to quote', async () => {
    await show({ payment_status: 'failed', fail_reason: { code: 'operator_failed', params: {} } });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText('The payment team closed this payment.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Already paid? Enter your UTR' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Contact the shop' })).toBeTruthy();
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

describe('smaller things', () => {
  it('opens a new screen scrolled to the top, its heading focused', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    api.order = sampleOrder({ payment_status: 'completed', utr: '012110345678' });
    await advance(3_000);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement?.textContent).toBe('Payment received');
    scrollTo.mockRestore();
  });

  it('fills only the main action: on the expired screen the UTR’s button, not the way back', async () => {
    await show({ payment_status: 'overdue' });
    expect(screen.getByRole('button', { name: 'Confirm payment' }).classList.contains('primary')).toBe(true);
    expect(screen.getByRole('button', { name: 'Back to the shop' }).classList.contains('primary')).toBe(
      false,
    );
  });

  it('offers the shop’s contact under every screen of an order', async () => {
    await show({
      merchant: { name: 'Chai Point', brand_color: null, support_contact: 'https://chai.example/help' },
    });
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toMatch(/Questions about this payment\? Contact Chai Point:/);
    const link = screen.getByRole('link', { name: 'https://chai.example/help' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.className).toBe('contact-link');
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
    payout: { bank_reference: null, account: 'XXXXXXXX6789', completed_at: null },
  } as const;

  it('shows a payout’s status read-only, its text following the status', async () => {
    await show({ ...payout, payment_status: 'pending' });
    expect(screen.getByText('Chai Point is preparing to send ₹1,500.00 to your bank account.')).toBeTruthy();
    cleanup();
    await show({ ...payout, payment_status: 'processing' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payout status' })).toBeTruthy();
    expect(
      screen.getByText('Chai Point has sent ₹1,500.00 to your bank, which is crediting your account.'),
    ).toBeTruthy();
    expect(screen.getByText('Sent to the bank')).toBeTruthy();
    expect(screen.getByText('Paid to account').nextElementSibling?.textContent).toBe('XXXXXXXX6789');
    expect(screen.queryByText('Bank reference (UTR)')).toBeNull();
    expect(screen.queryByText('Paid on')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  });

  it('says "Paid out" when it is, with the bank reference, the account and the time, and offers the way back without leaving by itself', async () => {
    const { navigate } = await show({
      ...payout,
      payment_status: 'completed',
      status_changed_at: '2030-05-01T10:04:00.000Z',
      payout: {
        bank_reference: '012198765432',
        account: 'XXXXXXXX6789',
        completed_at: '2030-05-01T10:04:00.000Z',
      },
    });
    expect(screen.getByText('Paid out')).toBeTruthy();
    expect(screen.getByText('Chai Point has paid ₹1,500.00 into your bank account.')).toBeTruthy();
    expect(screen.queryByText(/is sending|is preparing/)).toBeNull();
    expect(screen.getByText('Bank reference (UTR)').nextElementSibling?.textContent).toBe('012198765432');
    expect(screen.getByText('Paid on').nextElementSibling?.textContent).toMatch(/2030/);
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the shop' }));
    expect(navigate).toHaveBeenCalledWith(returnFor('completed'));
  });

  it('says when a payout was not made, and why', async () => {
    await show({ ...payout, payment_status: 'failed', fail_reason: { code: 'payout_failed', params: {} } });
    expect(screen.getByText('Not paid out')).toBeTruthy();
    expect(screen.getByText(/could not pay ₹1,500.00 into your bank account/)).toBeTruthy();
    expect(screen.getByText('The bank could not complete this payout.')).toBeTruthy();
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
