import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../support/fake-api.js';
import { advance, renderApp } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ now: NOW });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('status following', () => {
  it('polls about every 3 s with If-None-Match, and a 304 changes nothing', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    expect(api.getOrderCalls).toEqual([{ paymentUid: 'pay_123', etag: undefined }]);
    await advance(3_000);
    expect(api.getOrderCalls).toHaveLength(2);
    expect(api.getOrderCalls[1]?.etag).toBe('"pending-"');
    await advance(9_000);
    expect(api.getOrderCalls).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Amount to pay' })).toBeTruthy();
  });

  it('shows a new status as soon as the server has it, and stops polling at a final one', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    api.order = sampleOrder({ payment_status: 'completed', utr: '012110345678', redirect_url: null });
    await advance(3_000);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(screen.getAllByRole('status').some((el) => el.textContent === 'Payment received')).toBe(true);
    const calls = api.getOrderCalls.length;
    await advance(60_000);
    expect(api.getOrderCalls).toHaveLength(calls);
  });

  it('pauses while the page is hidden and checks at once when the payer comes back', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    setVisibility('hidden');
    await advance(60_000);
    expect(api.getOrderCalls).toHaveLength(1);
    api.order = sampleOrder({ payment_status: 'processing', utr: '012110345678' });
    setVisibility('visible');
    await advance(0);
    expect(api.getOrderCalls).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
  });

  it('keeps the 3 s pace for three minutes of no change, then backs off to at most 15 s', async () => {
    const api = new FakeApi(sampleOrder({ expires_at: null }));
    renderApp(api);
    await advance(0);
    await advance(180_000); // 60 unchanged polls at 3 s
    const afterThreeMinutes = api.getOrderCalls.length;
    expect(afterThreeMinutes).toBe(61);
    await advance(60_000);
    // Fewer than the 20 another minute at 3 s would take.
    expect(api.getOrderCalls.length - afterThreeMinutes).toBeLessThan(15);
    await advance(30 * 60_000);
    const later = api.getOrderCalls.length;
    await advance(60_000);
    // At the ceiling: one poll every 15 s.
    expect(api.getOrderCalls.length - later).toBe(4);
  });

  it('polls every 1.5 s for 30 s after a UTR is submitted, without counting toward back-off', async () => {
    const api = new FakeApi(sampleOrder({ expires_at: null }));
    renderApp(api);
    await advance(0);
    await advance(170_000); // nearly three minutes without change
    fireEvent.input(screen.getByLabelText('UTR (12-digit reference number)'), {
      target: { value: '012110345678' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await advance(0);
    const before = api.getOrderCalls.length;
    await advance(30_000);
    expect(api.getOrderCalls.length - before).toBe(20);
    // The fast polls did not use up the three minutes at 3 s: the pace is still 3 s.
    const after = api.getOrderCalls.length;
    await advance(30_000);
    expect(api.getOrderCalls.length - after).toBe(10);
  });

  it('makes no request at all once the order is final', async () => {
    const api = new FakeApi(sampleOrder({ payment_status: 'reject', redirect_url: null }));
    renderApp(api);
    await advance(0);
    await advance(10 * 60_000);
    expect(api.getOrderCalls).toHaveLength(1);
  });

  it('shows a quiet offline note on network trouble, keeps the typed UTR, and recovers', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    const input = screen.getByLabelText('UTR (12-digit reference number)') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '4123 4567' } });
    api.online = false;
    await advance(3_000);
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    expect(input.value).toBe('4123 4567');
    // Retries back off (2 s, 4 s, ... up to 15 s) instead of hammering.
    const failing = api.getOrderCalls.length;
    await advance(6_000);
    expect(api.getOrderCalls.length - failing).toBe(2);
    api.online = true;
    await advance(8_000);
    expect(screen.queryByText(/You are offline/)).toBeNull();
    expect((screen.getByLabelText('UTR (12-digit reference number)') as HTMLInputElement).value).toBe(
      '4123 4567',
    );
  });

  it('says so at once when the browser reports the connection gone, without waiting for a poll or a submit', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    api.online = false;
    window.dispatchEvent(new Event('offline'));
    await advance(0);
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    api.online = true;
    window.dispatchEvent(new Event('online'));
    await advance(0);
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('checks at once when the connection comes back', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    const calls = api.getOrderCalls.length;
    window.dispatchEvent(new Event('online'));
    await advance(0);
    expect(api.getOrderCalls.length).toBe(calls + 1);
  });

  it('backs off quietly when polling is rate limited, without claiming to be offline', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(0);
    const real = api.getOrder.bind(api);
    const spy = vi
      .spyOn(api, 'getOrder')
      .mockResolvedValue({ kind: 'refused', code: 'rate_limited', retryAfterSeconds: 5 });
    await advance(3_000);
    expect(screen.queryByText(/You are offline/)).toBeNull();
    const limited = spy.mock.calls.length;
    await advance(3_000);
    expect(spy.mock.calls.length - limited).toBeLessThanOrEqual(1);
    spy.mockImplementation(real);
    await advance(10_000);
    expect(screen.getByRole('region', { name: 'Amount to pay' })).toBeTruthy();
  });
});
