import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../support/fake-api.js';
import { renderApp, settle } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

const LABEL = 'UTR (12-digit reference number)';

async function typeUtr(text: string): Promise<HTMLInputElement> {
  const input = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
  fireEvent.input(input, { target: { value: text } });
  return input;
}

beforeEach(() => {
  window.localStorage.clear();
  // Only the date is fixed (the UTR's day is checked against it); timers stay real.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('UTR field', () => {
  it('is a numeric-keyboard field tied to its help text', async () => {
    renderApp(new FakeApi(sampleOrder()));
    const input = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('aria-describedby')).toBe('utr-feedback');
    expect(screen.getByText('Your UPI app or bank SMS shows it after the payment.')).toBeTruthy();
  });

  it('says "Looks right" for 12 digits only while nothing is wrong', async () => {
    renderApp(new FakeApi(sampleOrder()));
    await typeUtr('919876543210');
    expect(screen.getByText('Looks right: 12 digits.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle();
    // The amber warning about a mobile number with 91: no green beside it.
    expect(screen.getByRole('alert').textContent).toMatch(/mobile number with 91/);
    expect(screen.queryByText('Looks right: 12 digits.')).toBeNull();
  });

  it.each([
    ['T2405011234567890123456', /This is PhonePe’s Transaction ID/],
    ['CICAgODcl7b4Mw', /This is Google Pay’s own ID/],
    ['9876543210', /This looks like a mobile number/],
    ['4123456789AB', /digits only, no letters/],
    ['0121103456782', /Too long: 13 digits/],
  ])('explains the mistake in %s at once', async (text, message) => {
    renderApp(new FakeApi(sampleOrder()));
    const input = await typeUtr(text);
    expect(screen.getByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('counts digits while typing and calls a short number an error only on submit', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    const input = await typeUtr('41234');
    expect(screen.getByText('5 of 12 digits')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle();
    expect(screen.getByText('Too short: 5 digits. The UTR has 12.')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(api.submitUtr).not.toHaveBeenCalled();
  });

  it('asks for the UTR when submitted empty', async () => {
    renderApp(new FakeApi(sampleOrder()));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await settle();
    expect(screen.getByText('Enter the 12-digit UTR.')).toBeTruthy();
  });

  it('submits a pasted UTR without its spaces and shows the verifying screen', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await typeUtr(' 0121 1034 5678 ');
    expect(screen.getByText('Looks right: 12 digits.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle();
    expect(api.submitUtr).toHaveBeenCalledWith('pay_123', '012110345678');
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
    expect(screen.getByText('012110345678')).toBeTruthy();
    // Announced in the live region, and focus moves to the new heading.
    expect(screen.getAllByRole('status').some((el) => el.textContent === 'Checking your payment')).toBe(true);
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it.each([
    [{ kind: 'refused', code: 'utr_used', retryAfterSeconds: undefined }, /already used for another payment/],
    [{ kind: 'refused', code: 'rate_limited', retryAfterSeconds: 42 }, /wait 42 seconds/],
    [{ kind: 'refused', code: 'invalid_field', retryAfterSeconds: undefined }, /This UTR was not accepted/],
    [{ kind: 'refused', code: 'order_final', retryAfterSeconds: undefined }, /already closed/],
    [{ kind: 'refused', code: 'something_new', retryAfterSeconds: undefined }, /Something went wrong/],
    [{ kind: 'not-found' }, /This payment was not found/],
  ] as const)('says in plain words when the service answers %o', async (answer, message) => {
    const api = new FakeApi(sampleOrder());
    api.matchAnswer = answer;
    renderApp(api);
    const input = await typeUtr('012110345678');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(message);
    expect(input.value).toBe('012110345678');
    // Never "Looks right" beside a red message.
    expect(screen.queryByText('Looks right: 12 digits.')).toBeNull();
  });

  it('tells, in one sentence, how many more UTRs may be tried once some were used', async () => {
    renderApp(new FakeApi(sampleOrder({ utr_attempts_left: 2 })));
    expect(
      await screen.findByText('UTRs left to try for this payment: 2. After that, only the shop can help.'),
    ).toBeTruthy();
    expect(screen.queryByText(/up to 5/)).toBeNull();
  });

  it('at the limit takes no new UTR, invites no payment, and gives the shop’s contact with the order reference', async () => {
    const api = new FakeApi(
      sampleOrder({
        payment_status: 'overdue',
        utr_attempts_left: 0,
        utr: '012110345678',
        merchant: { name: 'Chai Point', brand_color: null, support_contact: '+91 98765 43210' },
      }),
    );
    renderApp(api);
    const block = await screen.findByRole('region', { name: 'No more UTRs can be entered' });
    await settle();
    expect(block.textContent).toMatch(/Do not pay again/);
    // The block carries the contact; the page's footer does not repeat it.
    expect(screen.getByRole('link', { name: '+91 98765 43210' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    );
    expect(screen.getByText('A-1001')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Order reference' })).toBeTruthy();
    expect(screen.queryByLabelText(LABEL)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    expect(screen.queryByText(/Looks right/)).toBeNull();
  });

  it('turns to the shop’s contact when the service says the limit was reached, and reloads the order', async () => {
    const api = new FakeApi(sampleOrder());
    api.matchAnswer = { kind: 'refused', code: 'too_many_utrs', retryAfterSeconds: undefined };
    renderApp(api);
    await typeUtr('012110345678');
    const polls = api.getOrderCalls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle();
    expect(screen.getByRole('region', { name: 'No more UTRs can be entered' })).toBeTruthy();
    expect(screen.queryByLabelText(LABEL)).toBeNull();
    expect(api.getOrderCalls.length).toBeGreaterThan(polls);
  });

  it('keeps a UTR sent without a connection and sends it by itself when the connection is back', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await typeUtr('012110345678');
    api.online = false;
    window.dispatchEvent(new Event('offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle();
    expect(
      screen
        .getByText(
          'No connection. UTR 012110345678 is kept here and is sent by itself as soon as you are back online.',
        )
        .getAttribute('role'),
    ).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Looks right: 12 digits.')).toBeNull();
    const tries = api.submitUtr.mock.calls.length;
    api.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy(),
    );
    expect(api.submitUtr.mock.calls.length).toBeGreaterThan(tries);
    expect(api.submitUtr).toHaveBeenLastCalledWith('pay_123', '012110345678');
  });

  it('keeps the typed UTR across a reload', async () => {
    const api = new FakeApi(sampleOrder());
    const first = renderApp(api);
    await typeUtr('4123 4567');
    first.unmount();
    renderApp(api);
    const input = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    expect(input.value).toBe('4123 4567');
  });

  it('explains where to find the UTR in each app', async () => {
    renderApp(new FakeApi(sampleOrder()));
    fireEvent.click(await screen.findByText('Where do I find the UTR?'));
    expect(screen.getByText('PhonePe: History → the payment → “UTR”.')).toBeTruthy();
    expect(screen.getByText('Google Pay: the payment → “UPI transaction ID”.')).toBeTruthy();
    expect(screen.getByText(/Paytm: the payment → “UPI Ref No”/)).toBeTruthy();
    expect(screen.getByText('Bank SMS: “UPI Ref No” or “UTR”.')).toBeTruthy();
  });
});
