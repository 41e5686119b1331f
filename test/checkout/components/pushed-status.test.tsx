import { cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderStreams } from '../../../src/checkout/api/order-stream.js';
import { STREAM_CHECK_MS } from '../../../src/checkout/lib/poll-delay.js';
import type { PayerOrder } from '../../../src/shared/payer-order.js';
import { FakeApi } from '../support/fake-api.js';
import { FakeEventSource } from '../support/fake-event-source.js';
import { advance, renderApp } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

/** The fake API with the real stream transport over a fake EventSource. */
class StreamingApi extends FakeApi {
  readonly watchOrder = orderStreams({
    baseUrl: 'https://pay.example',
    EventSource: FakeEventSource as unknown as typeof EventSource,
  });
}

const envelope = (order: PayerOrder) => ({ result: 'success', data: order });
const lastSource = () => {
  const source = FakeEventSource.opened.at(-1);
  if (!source) throw new Error('no EventSource opened');
  return source;
};

beforeEach(() => {
  window.localStorage.clear();
  FakeEventSource.reset();
  vi.useFakeTimers({ now: NOW });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('pushed status (EventSource)', () => {
  it('follows the stream with only a slow safety poll, shows a change at once, and closes it once final', async () => {
    const api = new StreamingApi(sampleOrder());
    renderApp(api);
    await advance(0);
    const source = lastSource();
    expect(source.url).toBe('https://pay.example/checkout/api/orders/pay_123/events');
    source.emit(envelope(sampleOrder()));
    const polls = api.getOrderCalls.length;
    await advance(60_000);
    // Beside the stream, one poll per STREAM_CHECK_MS at most, each with the ETag (a 304 here).
    const checks = api.getOrderCalls.slice(polls);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.length).toBeLessThanOrEqual(60_000 / STREAM_CHECK_MS);
    expect(checks.every((call) => call.etag === api.etag())).toBe(true);

    source.emit(
      envelope(sampleOrder({ payment_status: 'completed', utr: '412345678901', redirect_url: null })),
    );
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(source.closed).toBe(true);
  });

  it('sees a change whose push never arrives by its safety poll, and closes the stream', async () => {
    const api = new StreamingApi(sampleOrder({ payment_status: 'processing', utr: '412345678901' }));
    renderApp(api);
    await advance(0);
    const source = lastSource();
    source.emit(envelope(sampleOrder({ payment_status: 'processing', utr: '412345678901' })));
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
    // The credit completes the order, and its push is lost: the stream stays open and silent.
    api.order = sampleOrder({ payment_status: 'completed', utr: '412345678901', redirect_url: null });
    await advance(STREAM_CHECK_MS);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(source.closed).toBe(true);
    const polls = api.getOrderCalls.length;
    await advance(120_000);
    expect(api.getOrderCalls).toHaveLength(polls);
  });

  it('keeps a pushed change over a poll answered while it arrived', async () => {
    const api = new StreamingApi(sampleOrder({ payment_status: 'processing', utr: '412345678901' }));
    renderApp(api);
    await advance(0);
    const source = lastSource();
    source.emit(envelope(sampleOrder({ payment_status: 'processing', utr: '412345678901' })));
    await advance(0);
    // A safety poll is under way, read by the server before the credit; the credit's push
    // arrives before the poll's answer.
    let answer!: () => void;
    const stale = sampleOrder({ payment_status: 'processing', utr: '412345678901' });
    const getOrder = api.getOrder.bind(api);
    api.getOrder = async (uid, etag) => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      api.getOrderCalls.push({ paymentUid: uid, etag });
      return { kind: 'ok', data: { order: stale, etag: '"stale"' } };
    };
    await advance(STREAM_CHECK_MS);
    source.emit(
      envelope(sampleOrder({ payment_status: 'completed', utr: '412345678901', redirect_url: null })),
    );
    await advance(0);
    answer();
    await advance(0);
    api.getOrder = getOrder;
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
  });

  it('makes no request at all once the order is final', async () => {
    const api = new StreamingApi(sampleOrder());
    renderApp(api);
    await advance(0);
    lastSource().emit(
      envelope(sampleOrder({ payment_status: 'completed', utr: '412345678901', redirect_url: null })),
    );
    await advance(0);
    const polls = api.getOrderCalls.length;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    await advance(120_000);
    expect(api.getOrderCalls).toHaveLength(polls);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('falls back to polling when the stream fails before its first event', async () => {
    const api = new StreamingApi(sampleOrder());
    renderApp(api);
    await advance(0);
    lastSource().fail();
    expect(lastSource().closed).toBe(true);
    const polls = api.getOrderCalls.length;
    api.order = sampleOrder({ payment_status: 'completed', utr: '412345678901', redirect_url: null });
    await advance(3_000);
    expect(api.getOrderCalls.length).toBeGreaterThan(polls);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
  });

  it('falls back to polling when no event arrives at first (a proxy buffering the stream)', async () => {
    const api = new StreamingApi(sampleOrder());
    renderApp(api);
    await advance(0);
    await advance(8_000);
    expect(lastSource().closed).toBe(true);
    const polls = api.getOrderCalls.length;
    await advance(9_000);
    expect(api.getOrderCalls.length).toBeGreaterThanOrEqual(polls + 2);
  });

  it('rides out a reconnect after events arrived, and gives up after repeated failures', async () => {
    const api = new StreamingApi(sampleOrder());
    renderApp(api);
    await advance(0);
    const source = lastSource();
    source.emit(envelope(sampleOrder()));
    const polls = api.getOrderCalls.length;
    source.fail();
    expect(source.closed).toBe(false);
    // One check of the network while the browser reconnects, then only the slow safety poll.
    await advance(0);
    expect(api.getOrderCalls).toHaveLength(polls + 1);
    await advance(STREAM_CHECK_MS - 1);
    expect(api.getOrderCalls).toHaveLength(polls + 1);
    source.fail();
    source.fail();
    expect(source.closed).toBe(true);
    await advance(3_000);
    expect(api.getOrderCalls.length).toBeGreaterThan(polls);
  });

  it('says the page is offline within seconds when the stream drops with the network, before any submit', async () => {
    const api = new StreamingApi(sampleOrder());
    renderApp(api);
    await advance(0);
    const source = lastSource();
    source.emit(envelope(sampleOrder()));
    expect(screen.queryByText(/You are offline/)).toBeNull();
    api.online = false;
    source.fail();
    await advance(0);
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    // The stream comes back with the network: the note goes.
    api.online = true;
    source.emit(envelope(sampleOrder()));
    await advance(0);
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('gives up on a stream that sends what it cannot read', async () => {
    const api = new StreamingApi(sampleOrder());
    renderApp(api);
    await advance(0);
    lastSource().emit('{"result":"success","data":{"payment_status":42}}');
    expect(lastSource().closed).toBe(true);
  });

  it('polls as before where the browser has no EventSource', async () => {
    const api = new FakeApi(sampleOrder());
    renderApp(api);
    await advance(3_000);
    expect(api.getOrderCalls).toHaveLength(2);
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
