import { cleanup, screen } from '@testing-library/preact';
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

describe('embedding', () => {
  it('tells the parent about status changes, only at the allowed origins', async () => {
    const parent = { postMessage: vi.fn() };
    const api = new FakeApi(sampleOrder({ embed_origins: ['https://game.example', '*', 'not a url'] }));
    renderApp(api, { parent });
    await advance(0);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    expect(parent.postMessage).toHaveBeenCalledWith(
      {
        type: 'checkout:status',
        payment_uid: 'pay_123',
        merchant_order_id: 'A-1001',
        payment_status: 'pending',
      },
      'https://game.example',
    );
    // A 304 is no news.
    await advance(3_000);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    api.order = { ...(api.order ?? sampleOrder()), payment_status: 'completed', redirect_url: null };
    await advance(3_000);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      expect.objectContaining({ payment_status: 'completed' }),
      'https://game.example',
    );
    for (const call of parent.postMessage.mock.calls) expect(call[1]).not.toBe('*');
  });

  it('posts nothing when the order allows no embedding', async () => {
    const parent = { postMessage: vi.fn() };
    renderApp(new FakeApi(sampleOrder({ embed_origins: [] })), { parent });
    await advance(0);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
