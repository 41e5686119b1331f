import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDER_LOAD } from '../../support/under-load.js';
import { FakeApi } from '../support/fake-api.js';
import { PAGE_URL, renderApp, settle } from '../support/render-app.js';
import { impsOrder, sampleOrder } from '../support/sample-order.js';

const EXTRA = sampleOrder().extra ?? '';
const QUERY = EXTRA.slice('upi://pay?'.length);

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.localStorage.clear();
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanup);

describe('pay screen, UPI', () => {
  it('shows the merchant, the amount in Indian grouping, the full order reference and calm time left', async () => {
    renderApp(new FakeApi(sampleOrder({ amount: '100000.00' })));
    const summary = await screen.findByRole('region', { name: 'Amount to pay' });
    expect(within(summary).getByText('₹1,00,000.00')).toBeTruthy();
    expect(screen.getByText('Chai Point')).toBeTruthy();
    expect(screen.getByText('A-1001')).toBeTruthy();
    expect(screen.getByText('Pay within about 15 min')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pay by UPI' })).toBeTruthy();
  });

  it('shows the QR of extra at once on desktops, with a text alternative', async () => {
    renderApp(new FakeApi(sampleOrder()), { platform: 'desktop' });
    const qr = await screen.findByRole('img', {
      name: 'QR code to pay ₹1,500.00 to Chai Point Pvt Ltd by UPI',
    });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(screen.getByText('Scan with any UPI app. The amount is filled in for you.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay with any UPI app' })).toBeNull();
  });

  it('offers the system UPI chooser first on Android, then named apps by package, the QR on request', async () => {
    renderApp(new FakeApi(sampleOrder()), { platform: 'android' });
    const any = await screen.findByRole('link', { name: 'Pay with any UPI app' });
    expect(any.getAttribute('href')).toBe(EXTRA);
    const links = screen.getAllByRole('link');
    expect(links[0]).toBe(any);
    // Where the app is missing, the browser comes back here (marked) instead of going to the store.
    const fallback = encodeURIComponent(`${PAGE_URL}#no-app`);
    const intent = (pkg: string) =>
      `intent://pay?${QUERY}#Intent;scheme=upi;package=${pkg};S.browser_fallback_url=${fallback};end`;
    expect(screen.getByRole('link', { name: 'Pay with Google Pay' }).getAttribute('href')).toBe(
      intent('com.google.android.apps.nbu.paisa.user'),
    );
    expect(screen.getByRole('link', { name: 'Pay with PhonePe' }).getAttribute('href')).toBe(
      intent('com.phonepe.app'),
    );
    expect(screen.getByRole('link', { name: 'Pay with Paytm' }).getAttribute('href')).toBe(
      intent('net.one97.paytm'),
    );
    expect(screen.getByRole('link', { name: 'Pay with BHIM' }).getAttribute('href')).toBe(
      intent('in.org.npci.upiapp'),
    );
    // Each named app shows its small mark, drawn by the page itself (no image request), and its
    // name: no sentence of any language widens the button.
    const phonePe = screen.getByRole('link', { name: 'Pay with PhonePe' });
    expect(phonePe.querySelector('.app-mark')?.getAttribute('aria-hidden')).toBe('true');
    expect(phonePe.textContent).toBe('PhonePe');
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Show QR code' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(await screen.findByRole('img', { name: /QR code to pay/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide QR code' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('offers named apps only on iOS (it cannot open a chooser), by their schemes', async () => {
    renderApp(new FakeApi(sampleOrder()), { platform: 'ios' });
    expect((await screen.findByRole('link', { name: 'Pay with PhonePe' })).getAttribute('href')).toBe(
      `phonepe://pay?${QUERY}`,
    );
    expect(screen.getByRole('link', { name: 'Pay with Google Pay' }).getAttribute('href')).toBe(
      `tez://upi/pay?${QUERY}`,
    );
    expect(screen.getByRole('link', { name: 'Pay with Paytm' }).getAttribute('href')).toBe(
      `paytmmp://pay?${QUERY}`,
    );
    expect(screen.getByRole('link', { name: 'Pay with BHIM' }).getAttribute('href')).toBe(
      `bhim://pay?${QUERY}`,
    );
    expect(screen.queryByRole('link', { name: 'Pay with any UPI app' })).toBeNull();
  });

  it('shows the name the UPI app will show beside the shop’s name, explained when they differ', async () => {
    renderApp(new FakeApi(sampleOrder({ to_name: 'Sharma Traders' })), { platform: 'android' });
    expect(await screen.findByText('Sharma Traders')).toBeTruthy();
    expect(
      screen.getByText(
        'Your UPI app will show Sharma Traders: the account that receives payments for Chai Point.',
      ),
    ).toBeTruthy();
  });

  it('copies the UPI ID and the plain amount', async () => {
    renderApp(new FakeApi(sampleOrder()));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy UPI ID' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith('shop@okbank');
    expect(screen.getAllByText('Copied').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Copy Amount' }));
    await settle();
    expect(writeText).toHaveBeenLastCalledWith('1500.00');
  });

  it('says so when copying fails', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderApp(new FakeApi(sampleOrder()));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy UPI ID' }));
    await settle();
    expect(screen.getByText('Could not copy. Select the text and copy it.')).toBeTruthy();
  });

  it('saves the QR as an image named after the order, with the shop and the amount on it, also on phones', async () => {
    const { saveImage } = renderApp(new FakeApi(sampleOrder()), { platform: 'android' });
    const save = await screen.findByRole('button', { name: 'Save QR image' });
    await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(false), UNDER_LOAD);
    fireEvent.click(save);
    expect(saveImage).toHaveBeenCalledTimes(1);
    const [image, fileName] = saveImage.mock.calls[0] ?? [];
    if (image?.kind !== 'qr') throw new Error('not a QR image');
    expect(image.matrix.size).toBeGreaterThan(20);
    expect(image.caption).toEqual(['Chai Point', '₹1,500.00']);
    expect(fileName).toBe('upi-A-1001.png');
    await settle();
    expect(
      screen
        .getByText('QR image saved. In your UPI app, open the scanner and pick it from the gallery.')
        .getAttribute('role'),
    ).toBe('status');
  });

  it('says when the QR was shared, and when saving failed', async () => {
    const { saveImage } = renderApp(new FakeApi(sampleOrder()), { platform: 'android' });
    saveImage.mockResolvedValueOnce({ kind: 'shared' }).mockResolvedValueOnce({ kind: 'failed' });
    const save = await screen.findByRole('button', { name: 'Save QR image' });
    await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(false), UNDER_LOAD);
    fireEvent.click(save);
    await settle();
    expect(screen.getByText(/QR image shared\./)).toBeTruthy();
    fireEvent.click(save);
    await settle();
    expect(
      screen.getByText('Could not save the image here. Take a screenshot of the QR code instead.'),
    ).toBeTruthy();
  });

  it('shows the merchant name as text, never as markup', async () => {
    renderApp(
      new FakeApi(
        sampleOrder({
          merchant: { name: '<img src=x onerror=alert(1)>', brand_color: 'red', support_contact: null },
        }),
      ),
    );
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('pay screen, IMPS', () => {
  it('shows account, name, IFSC and amount, each with a copy button', async () => {
    renderApp(new FakeApi(impsOrder()));
    expect(await screen.findByRole('heading', { name: 'Pay by bank transfer (IMPS)' })).toBeTruthy();
    const details = screen.getByRole('heading', { name: 'Pay by bank transfer (IMPS)' }).closest('section');
    if (!details) throw new Error('no section');
    const scope = within(details);
    // Grouped for reading, copied whole.
    expect(scope.getByText('0012 3456 7890 123')).toBeTruthy();
    expect(scope.getByText('HDFC0001234')).toBeTruthy();
    expect(scope.getByText('HDFC Bank')).toBeTruthy();
    expect(scope.getByText('₹2,50,000.00')).toBeTruthy();
    for (const name of ['Copy Account number', 'Copy Account name', 'Copy IFSC', 'Copy Amount']) {
      expect(scope.getByRole('button', { name })).toBeTruthy();
    }
    fireEvent.click(scope.getByRole('button', { name: 'Copy IFSC' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith('HDFC0001234');
    fireEvent.click(scope.getByRole('button', { name: 'Copy Account number' }));
    await settle();
    expect(writeText).toHaveBeenLastCalledWith('001234567890123');
    // The UTR of a bank transfer is in the bank's app or SMS, not a UPI app.
    expect(screen.getByText('Your bank app or SMS shows it after the transfer.')).toBeTruthy();
    expect(screen.queryByText(/UPI app/)).toBeNull();
    expect(screen.queryByRole('img', { name: /QR/ })).toBeNull();
    fireEvent.click(screen.getByText('Where do I find the UTR?'));
    expect(screen.getByText(/IMPS reference/)).toBeTruthy();
  });
});

describe('sandbox', () => {
  it('offers a clearly marked simulation that fills in the UTR', async () => {
    const api = new FakeApi(sampleOrder({ sandbox: true }));
    renderApp(api);
    expect(await screen.findByText('Test mode: no real money moves.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simulate a payment' }));
    await settle();
    expect(api.simulatePayment).toHaveBeenCalledWith('pay_123');
    expect(screen.getByText(/Simulated bank credit \(test only\)\. UTR: 012111234567/)).toBeTruthy();
    expect((screen.getByLabelText('UTR (12-digit reference number)') as HTMLInputElement).value).toBe(
      '012111234567',
    );
  });

  it('is absent in production mode', async () => {
    renderApp(new FakeApi(sampleOrder({ sandbox: false })));
    await screen.findByRole('region', { name: 'Amount to pay' });
    expect(screen.queryByRole('button', { name: 'Simulate a payment' })).toBeNull();
  });
});

describe('pay screen inside another app (an Android web view)', () => {
  it('leads with what works there: copy the UPI ID and the amount, the QR large, how to open the browser; app buttons last', async () => {
    renderApp(new FakeApi(sampleOrder()), { platform: 'android', webView: true });
    const note = await screen.findByText('You are paying inside another app.');
    const upiId = screen.getByRole('button', { name: 'Copy UPI ID' });
    const amount = screen.getByRole('button', { name: 'Copy Amount' });
    // The QR is shown at once, large, to scan with a second phone.
    const qr = await screen.findByRole('img', { name: /QR code to pay ₹1,500.00/ });
    expect(qr.closest('.qr-box')?.classList.contains('large')).toBe(true);
    expect(
      screen.getByText('Scan it with the UPI app of another phone. The amount is filled in for you.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show QR code' })).toBeNull();
    const browser = screen.getByRole('heading', { name: 'Open this page in your browser' });
    expect(screen.getByText(/choose “Open in browser”/)).toBeTruthy();
    expect(screen.getByText(PAGE_URL)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Link to this page' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(PAGE_URL);
    const apps = screen.getByRole('link', { name: 'Pay with any UPI app' });
    const inOrder = [note, upiId, amount, qr, browser, apps];
    for (let i = 1; i < inOrder.length; i++) {
      const [before, after] = [inOrder[i - 1], inOrder[i]];
      if (!before || !after) throw new Error('missing');
      expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screen.getByText('These open only if this app allows it:')).toBeTruthy();
  });

  it('never reports a save that did not happen: the image is shown to long-press or screenshot', async () => {
    const { saveImage } = renderApp(new FakeApi(sampleOrder()), { platform: 'android', webView: true });
    saveImage.mockResolvedValueOnce({ kind: 'manual', imageUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    const save = await screen.findByRole('button', { name: 'Save QR image' });
    await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(false), UNDER_LOAD);
    fireEvent.click(save);
    await settle();
    expect(screen.queryByText(/QR image saved/)).toBeNull();
    expect(screen.getByText(/press and hold it and choose to save or download it/).getAttribute('role')).toBe(
      'status',
    );
    const image = document.querySelector('img.saved-image');
    expect(image?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(image?.getAttribute('alt')).toBe('QR code to pay ₹1,500.00 to Chai Point Pvt Ltd by UPI');
  });

  it('offers the other ways to pay when an app link came back because the app is missing', async () => {
    window.history.replaceState(null, '', '/checkout/pay_123#no-app');
    renderApp(new FakeApi(sampleOrder()), { platform: 'android' });
    expect(await screen.findByRole('heading', { name: 'The app didn’t open?' })).toBeTruthy();
    expect(window.location.hash).toBe('');
  });
});
