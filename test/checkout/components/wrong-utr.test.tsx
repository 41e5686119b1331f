import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../support/fake-api.js';
import { advance, renderApp } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

const LABEL = 'UTR (12-digit reference number)';

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function submit(utr: string) {
  fireEvent.input(screen.getByLabelText(LABEL), { target: { value: utr } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
}

describe('a wrong UTR never locks the payer out', () => {
  it('changes the UTR from the verifying screen, and the order completes with the corrected one', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api, { platform: 'android' });
    await advance(0);
    submit('012110345678');
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
    api.order = { ...(api.order ?? sampleOrder()), utr_attempts_left: 4 };
    await advance(1_500);

    fireEvent.click(screen.getByRole('button', { name: 'Entered the wrong number? Change it' }));
    const field = screen.getByLabelText(LABEL) as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(
      screen.getByText('UTRs left to try for this payment: 4. After that, only the shop can help.'),
    ).toBeTruthy();
    submit('012110999999');
    await advance(0);
    expect(api.submitUtr).toHaveBeenLastCalledWith('pay_123', '012110999999');
    expect(screen.getByText('012110999999')).toBeTruthy();

    api.order = sampleOrder({ payment_status: 'completed', utr: '012110999999', redirect_url: null });
    await advance(1_500);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
  });

  it("shows the tries left from the service's view as soon as a UTR is accepted, before the next poll", async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api, { platform: 'android' });
    await advance(0);
    const before = api.getOrderCalls.length;
    submit('012110345678');
    await advance(0);
    expect(api.getOrderCalls.length).toBe(before + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Entered the wrong number? Change it' }));
    expect(
      screen.getByText('UTRs left to try for this payment: 4. After that, only the shop can help.'),
    ).toBeTruthy();
  });

  it('brings back the QR, the app buttons and the details while the order is open', async () => {
    renderApp(new FakeApi(sampleOrder({ payment_status: 'processing', utr: '012110345678' })), {
      platform: 'android',
    });
    await advance(0);
    expect(screen.queryByRole('link', { name: 'Pay with any UPI app' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not paid yet? Show the payment details' }));
    expect(screen.getByRole('link', { name: 'Pay with any UPI app' })).toBeTruthy();
    expect(screen.getByText('shop@okbank')).toBeTruthy();
  });
});

describe('after the last UTR the order takes (dead end 1)', () => {
  it('stops inviting payment and gives the shop’s contact and the order reference to quote', async () => {
    const api = new FakeApi(
      sampleOrder({
        merchant: { name: 'Chai Point', brand_color: null, support_contact: 'help@chai.example' },
      }),
    );
    renderApp(api, { platform: 'android' });
    await advance(0);
    const utrs = ['012110345671', '012110345672', '012110345673', '012110345674', '012110345675'];
    submit(utrs[0] ?? '');
    await advance(0);
    for (const utr of utrs.slice(1)) {
      fireEvent.click(screen.getByRole('button', { name: 'Entered the wrong number? Change it' }));
      submit(utr);
      await advance(1_500);
    }
    expect(api.order?.utr_attempts_left).toBe(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
    // No way to another UTR, and no way back to the QR and the app buttons.
    expect(screen.queryByRole('button', { name: 'Entered the wrong number? Change it' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Not paid yet? Show the payment details' })).toBeNull();
    expect(screen.queryByLabelText(LABEL)).toBeNull();
    expect(screen.queryByRole('link', { name: /Pay with/ })).toBeNull();
    const block = screen.getByRole('region', { name: 'No more UTRs can be entered' });
    expect(block.textContent).toMatch(/Do not pay again/);
    expect(within(block).getByRole('link', { name: 'help@chai.example' }).getAttribute('href')).toBe(
      'mailto:help@chai.example',
    );
    expect(within(block).getByText('A-1001')).toBeTruthy();
    expect(within(block).getByText('012110345675')).toBeTruthy();
    expect(screen.queryByText(/Looks right/)).toBeNull();
  });
});

describe('UTR plausibility', () => {
  it('asks before sending a number whose day lies in the future, then sends it when confirmed', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    submit('030010345678');
    await advance(0);
    expect(api.submitUtr).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/point to a day that has not come yet/);
    expect(screen.getByText(/Some banks number differently/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send this number' }));
    await advance(0);
    expect(api.submitUtr).toHaveBeenCalledWith('pay_123', '030010345678');
  });

  it('warns about a mobile number with 91 and lets the payer correct it instead', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    submit('919876543210');
    await advance(0);
    expect(screen.getByRole('alert').textContent).toMatch(/mobile number with 91 in front/);
    submit('012110345678');
    await advance(0);
    expect(api.submitUtr).toHaveBeenCalledWith('pay_123', '012110345678');
    expect(api.submitUtr).toHaveBeenCalledTimes(1);
  });
});

describe('a final answer to a UTR submission', () => {
  it('shows the server’s fresh final view at once (both amounts of a mismatch), not the old one', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    api.submitUtr.mockImplementationOnce(async (paymentUid, utr) => {
      api.order = sampleOrder({
        payment_status: 'reject',
        utr,
        final_amount: '150.00',
        fail_reason: { code: 'amount_mismatch', params: { expected: '1500.00', received: '150.00' } },
      });
      return { kind: 'ok', data: { payment_uid: paymentUid, serial_number: utr, payment_status: 'reject' } };
    });
    submit('012110345678');
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not accepted' })).toBeTruthy();
    expect(screen.getByText('We expected ₹1,500.00 but received ₹150.00.')).toBeTruthy();
    expect(screen.getByText('Amount received').nextElementSibling?.textContent).toBe('₹150.00');
  });
});
