/**
 * A payer inside a game's web view (an Android user agent with `; wv)`), against the real service:
 * the page leads with what works there (copy the UPI ID and the amount, the QR large, how to open
 * the browser), app links fall back to the page, a save that cannot happen is never claimed (the
 * image is shown to long-press), and the receipt is an image too.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { WEB_VIEW_UA } from '../support/checkout-states.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection } from '../support/orders.js';
import { decodeQr, expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`Web view (${storeKind()})`, () => {
  test('in a web view the page leads with copy and the QR, never claims a save, and gives the receipt as an image', async () => {
    const order = await createCollection(stack, { amount: '860.00', prefix: 'WEBVIEW' });
    const context = await browser.phone({ userAgent: WEB_VIEW_UA, clipboardOrigin: stack.url });
    const page = await context.newPage();
    await page.goto(order.paymentUrl);
    await page.getByText('You are paying inside another app.').waitFor();

    // What works here comes first: copy the UPI ID and the amount, and the QR at once, large.
    await page.getByRole('button', { name: 'Copy UPI ID' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stack.accounts.upi_vpa);
    await page.getByRole('button', { name: 'Copy Amount' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('860.00');
    const qr = page.getByRole('img', { name: /QR code to pay ₹860.00/ });
    await qr.waitFor();
    expect(await decodeQr(qr)).toBe(order.extra);
    expect((await qr.boundingBox())?.width).toBeGreaterThan(300);
    expect(await page.getByRole('button', { name: 'Show QR code' }).count()).toBe(0);

    // How to open the page in the browser, with its link; app links that fall back to this page.
    await page.getByRole('heading', { name: 'Open this page in your browser' }).waitFor();
    expect(await page.getByText(order.paymentUrl, { exact: true }).isVisible()).toBe(true);
    const query = order.extra.slice('upi://pay?'.length);
    const fallback = encodeURIComponent(`${order.paymentUrl}#no-app`);
    expect(await page.getByRole('link', { name: 'Pay with PhonePe' }).getAttribute('href')).toBe(
      `intent://pay?${query}#Intent;scheme=upi;package=com.phonepe.app;S.browser_fallback_url=${fallback};end`,
    );
    await expectNoAxeViolations(page, 'pay in a web view');

    // Saving the QR cannot be done by the page here: the image is shown to long-press instead.
    await page.getByRole('button', { name: 'Save QR image' }).click();
    await page.getByText(/press and hold it and choose to save or download it/).waitFor();
    expect(await page.getByText(/QR image saved/).count()).toBe(0);
    const saved = page.locator('img.saved-image');
    expect(await saved.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await decodeQr(saved)).toBe(order.extra);

    const utr = newUtr();
    await page.getByLabel('UTR (12-digit reference number)').fill(utr);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    await stack.operator.postCredit({ utr, amount: '860.00' });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });

    // The receipt: an image here too (a web view rarely prints), and the countdown stops for it.
    expect(await page.getByRole('button', { name: 'Print receipt' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save receipt' }).click();
    const receipt = page.getByRole('img', { name: 'Payment receipt' });
    await receipt.waitFor();
    expect(await receipt.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByText(/Returning to Chai Point/).count()).toBe(0);
    await expectNoAxeViolations(page, 'success in a web view, the receipt shown');
    expect(page.url()).toBe(order.paymentUrl);
  });
});
