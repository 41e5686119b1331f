/**
 * The payer's first screen on a 390x844 phone, measured in Chromium: what is visible without
 * scrolling when the page opens, and, after the payer leaves for their UPI app and comes back,
 * that the UTR field is on the screen and focused (docs/checkout.md).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

/** Where an element lies in the viewport: fully visible without scrolling, or not. */
async function onFirstScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width
  );
}

describe(`the payer's first screen on a phone (${storeKind()})`, () => {
  test('shows the amount, the ways to pay and the QR on request at once, and the UTR field after the payer returns', async () => {
    const order = await createCollection(stack, { amount: '1234.50' });
    const phone = await browser.phone();
    const page = await phone.newPage();
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await page.goto(order.paymentUrl);
    const amount = page.getByText('₹1,234.50').first();
    await amount.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await onFirstScreen(page, amount)).toBe(true);
    expect(await onFirstScreen(page, page.getByRole('link', { name: 'Pay with any UPI app' }))).toBe(true);
    expect(await onFirstScreen(page, page.getByRole('link', { name: 'Pay with Google Pay' }))).toBe(true);
    // A phone cannot scan its own screen: the QR is one tap away, and that tap is on the first screen.
    const showQr = page.getByRole('button', { name: 'Show QR code' });
    expect(await onFirstScreen(page, showQr)).toBe(true);
    console.log(
      await page.getByLabel('UTR (12-digit reference number)').boundingBox(),
      'qrbtn',
      await showQr.boundingBox(),
    );
    // No horizontal scrolling either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The payer taps an app, the page is hidden while the app is in front, and the payer returns.
    // (There is no UPI app here: the link is kept from navigating, and visibility is what the
    // browser would report.)
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (event) => {
          if (event.target instanceof Element && event.target.closest('.app-buttons a'))
            event.preventDefault();
        },
        true,
      ),
    );
    await page.getByRole('link', { name: 'Pay with Google Pay' }).click();
    for (const state of ['hidden', 'visible']) {
      await page.evaluate((visibility) => {
        Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
        Object.defineProperty(document, 'hidden', { value: visibility === 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    }
    await page.getByRole('heading', { name: 'Paid? Enter the UTR' }).waitFor();
    const utrField = page.getByLabel('UTR (12-digit reference number)');
    await expect.poll(() => utrField.evaluate((field) => field === document.activeElement)).toBe(true);
    await expect.poll(() => onFirstScreen(page, utrField)).toBe(true);
    expect(await onFirstScreen(page, page.getByRole('heading', { name: 'Paid? Enter the UTR' }))).toBe(true);
    await expectNoAxeViolations(page, 'pay, back from the app (phone)');

    // The QR on request: shown where the payer tapped.
    await page.evaluate(() => window.scrollTo(0, 0));
    await showQr.click();
    const qr = page.getByRole('img', { name: /QR code to pay ₹1,234.50/ });
    await qr.waitFor();
    expect(await qr.isVisible()).toBe(true);
  });
});
