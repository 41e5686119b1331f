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
    [{ kind: 'refused', code: 'too_many_utrs', retryAfterSeconds: undefined }, /Too many different UTRs/],
    [{ kind: 'refused', code: 'rate_limited', retryAfterSeconds: 42 }, /wait 42 seconds/],
    [{ kind: 'refused', code: 'invalid_field', retryAfterSeconds: undefined }, /This UTR was not accepted/],
    [{ kind: 'refused', code: 'order_final', retryAfterSeconds: undefined }, /already closed/],
    [{ kind: 'refused', code: 'something_new', retryAfterSeconds: undefined }, /Something went wrong/],
    [{ kind: 'not-found' }, /This payment was not found/],
    [{ kind: 'offline' }, /No connection\. Your UTR is kept here/],
  ] as const)('says in plain words when the service answers %o', async (answer, message) => {
    const api = new FakeApi(sampleOrder());
    api.matchAnswer = answer;
    renderApp(api);
    const input = await typeUtr('012110345678');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(message);
    expect(input.value).toBe('012110345678');
  });

  it('tells how many more UTRs may be tried once some were used, and what happens at the limit', async () => {
    renderApp(new FakeApi(sampleOrder({ utr_attempts_left: 2 })));
    expect(await screen.findByText(/You can try 2 more UTRs for this payment\./)).toBeTruthy();
    expect(
      screen.getByText(/up to 5 different UTRs for this payment\. After that, only the shop can help\./),
    ).toBeTruthy();
  });

  it('takes no new UTR at the limit and says whom to contact', async () => {
    const api = new FakeApi(
      sampleOrder({ payment_status: 'overdue', utr_attempts_left: 0, utr: '012110345678' }),
    );
    renderApp(api);
    expect(await screen.findByText(/No more UTRs can be entered for this payment/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm payment' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
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
