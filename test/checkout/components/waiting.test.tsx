import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../support/fake-api.js';
import { advance, renderApp, settle } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

const MINUTE = 60_000;

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A collection checking a UTR since now, expiring in 15 minutes, checked until a day after. */
function checking(overrides: Parameters<typeof sampleOrder>[0] = {}) {
  return sampleOrder({
    payment_status: 'processing',
    utr: '012110345678',
    utr_attempts_left: 4,
    status_changed_at: new Date(NOW).toISOString(),
    checking_until: new Date(NOW + 15 * MINUTE + 24 * 60 * MINUTE).toISOString(),
    merchant: { name: 'Chai Point', brand_color: null, support_contact: 'help@chai.example' },
    ...overrides,
  });
}

describe('honest waiting while a UTR is checked', () => {
  it('says how long it has been, what happens next and until when', async () => {
    renderApp(new FakeApi(checking()));
    await advance(0);
    expect(screen.getByText('Checking started less than a minute ago.')).toBeTruthy();
    expect(
      screen.getByText(
        /As soon as the bank reports your payment to Chai Point, this page shows it as received/,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /If no payment with your UTR reaches us by .*2030.*, this payment is marked as failed\./,
      ),
    ).toBeTruthy();
    await advance(2 * MINUTE);
    expect(screen.getByText('Checking for 2 min.')).toBeTruthy();
  });

  it('brings the shop’s contact and the order reference forward after a few minutes', async () => {
    renderApp(new FakeApi(checking()));
    await advance(0);
    await settle();
    expect(screen.queryByRole('region', { name: 'Taking longer than usual?' })).toBeNull();
    // Before then the contact is in the page's footer, as on every screen.
    expect(screen.getByRole('contentinfo').textContent).toMatch(
      /Questions about this payment\? Contact Chai Point:/,
    );
    await advance(5 * MINUTE);
    await settle();
    const block = screen.getByRole('region', { name: 'Taking longer than usual?' });
    expect(within(block).getByRole('link', { name: 'help@chai.example' })).toBeTruthy();
    expect(within(block).getByText('A-1001')).toBeTruthy();
    expect(within(block).getByText('012110345678')).toBeTruthy();
    // Said once: the footer gives way to the block.
    expect(screen.getAllByRole('link', { name: 'help@chai.example' })).toHaveLength(1);
    // The payer can still change a wrong UTR.
    expect(screen.getByRole('button', { name: 'Entered the wrong number? Change it' })).toBeTruthy();
  });
});

describe('the order’s time runs out while the UTR is checked (dead end 4)', () => {
  it('offers no payment details any more, says not to pay again and what happens to a payment already made', async () => {
    renderApp(new FakeApi(checking({ expires_at: new Date(NOW + 2 * MINUTE).toISOString() })), {
      platform: 'android',
    });
    await advance(0);
    expect(screen.getByRole('button', { name: 'Not paid yet? Show the payment details' })).toBeTruthy();
    expect(screen.getByText(/This usually takes a few minutes/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not paid yet? Show the payment details' }));
    expect(screen.getByRole('link', { name: 'Pay with any UPI app' })).toBeTruthy();

    await advance(2 * MINUTE);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
    expect(screen.getByText('The time to pay this order is over. Do not pay again.')).toBeTruthy();
    expect(
      screen.getByText(
        /If you already paid, your payment is still matched when the bank reports it, and this page then shows it as received\. We keep checking until .*2030/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/This usually takes/)).toBeNull();
    expect(screen.queryByRole('button', { name: /the payment details/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Pay with/ })).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    // The shop's contact, and a wrong UTR can still be changed (a late payment is matched).
    expect(screen.getByRole('region', { name: 'Taking longer than usual?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Entered the wrong number? Change it' }));
    expect(screen.getByRole('heading', { name: 'Already paid? Enter your UTR' })).toBeTruthy();
  });
});
