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

async function tapApp(name: string) {
  const link = screen.getByRole('link', { name });
  // The test browser cannot open an app: keep it from trying to navigate.
  link.addEventListener('click', (event) => event.preventDefault(), { once: true });
  fireEvent.click(link);
}

describe('after tapping an app button', () => {
  it('offers help when the page is still visible about 2 s later: the app did not open', async () => {
    renderApp(new FakeApi(sampleOrder()), { platform: 'android' });
    await advance(0);
    await tapApp('Pay with PhonePe');
    await advance(1_500);
    expect(screen.queryByText('The app didn’t open?')).toBeNull();
    await advance(600);
    expect(screen.getByText('The app didn’t open?')).toBeTruthy();
    expect(screen.getByText(/Show the QR code and scan it with another phone/)).toBeTruthy();
    expect(screen.getByText(/Save or share the QR image, then pick it from the gallery/)).toBeTruthy();
    expect(screen.getByText(/copy the UPI ID and the amount/)).toBeTruthy();
  });

  it('offers no help when the app opened (the page was hidden)', async () => {
    renderApp(new FakeApi(sampleOrder()), { platform: 'ios' });
    await advance(0);
    await tapApp('Pay with Google Pay');
    setVisibility('hidden');
    await advance(5_000);
    expect(screen.queryByText('The app didn’t open?')).toBeNull();
  });

  it('brings the UTR step forward when the payer comes back: heading, scrolled into view, focused', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderApp(new FakeApi(sampleOrder()), { platform: 'android' });
    await advance(0);
    expect(screen.queryByRole('heading', { name: 'Paid? Enter the UTR' })).toBeNull();
    await tapApp('Pay with any UPI app');
    setVisibility('hidden');
    await advance(30_000);
    setVisibility('visible');
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Paid? Enter the UTR' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('UTR (12-digit reference number)'));
    expect(scrolled).toHaveBeenCalled();
  });
});
