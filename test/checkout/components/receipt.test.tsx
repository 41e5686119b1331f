import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../support/fake-api.js';
import { advance, renderApp, settle } from '../support/render-app.js';
import { NOW, sampleOrder } from '../support/sample-order.js';

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const paid = () =>
  new FakeApi(
    sampleOrder({
      payment_status: 'completed',
      utr: '012110345678',
      status_changed_at: '2030-05-01T10:03:00.000Z',
    }),
  );

describe('the receipt of a successful payment', () => {
  it('saves an image with the amount, the shop, the order reference, the UTR, the date and time, and stays on the page', async () => {
    const { saveImage, navigate } = renderApp(paid());
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save receipt' }));
    await settle();
    expect(saveImage).toHaveBeenCalledTimes(1);
    const [image, fileName] = saveImage.mock.calls[0] ?? [];
    if (image?.kind !== 'receipt') throw new Error('not a receipt');
    expect(image.title).toBe('Payment receipt');
    expect(image.rows.map(([label]) => label)).toEqual([
      'Amount',
      'Shop',
      'Order reference',
      'UTR',
      'Date and time',
    ]);
    expect(image.rows.slice(0, 4).map(([, value]) => value)).toEqual([
      '₹1,500.00',
      'Chai Point',
      'A-1001',
      '012110345678',
    ]);
    expect(image.rows[4]?.[1]).toMatch(/2030/);
    expect(fileName).toBe('receipt-A-1001.png');
    expect(screen.getByText('Receipt saved.').getAttribute('role')).toBe('status');
    // Keeping a receipt stops the countdown back to the shop.
    expect(screen.queryByRole('timer')).toBeNull();
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('prints: the printable view is the success screen', async () => {
    const { print, navigate } = renderApp(paid());
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
    await advance(10_000);
    expect(navigate).not.toHaveBeenCalled();
    // What the print view hides: the actions and the way back.
    expect(screen.getByRole('button', { name: 'Save receipt' }).closest('.no-print')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to Chai Point' }).closest('.no-print')).toBeTruthy();
  });

  it('in a web view offers only the image, shown to long-press when the page cannot save it', async () => {
    const { saveImage } = renderApp(paid(), { platform: 'android', webView: true });
    saveImage.mockResolvedValueOnce({ kind: 'manual', imageUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    await advance(0);
    expect(screen.queryByRole('button', { name: 'Print receipt' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save receipt' }));
    await settle();
    expect(screen.queryByText('Receipt saved.')).toBeNull();
    expect(screen.getByText(/press and hold it/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Payment receipt' }).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });
});
