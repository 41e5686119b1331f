/**
 * Flow 1: a UPI collection from creation to the merchant's return page, on a phone: the receipt to
 * keep (saved, printed) and the signed return the shop verifies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr, paise, signFields } from '../support/merchant-client.js';
import { createCollection, queryUntil } from '../support/orders.js';
import { decodeQr, expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`UPI collection (${storeKind()})`, () => {
  test('a payer pays by UPI on a phone and is returned to the shop, and the merchant is called back and credited', async () => {
    const before = await stack.merchant.balance();
    const order = await createCollection(stack, { amount: '1234.50' });
    expect(order.paymentUrl).toBe(`${stack.url}/checkout/${order.paymentUid}`);
    expect(order.extra).toMatch(/^upi:\/\/pay\?/);

    const phone = await browser.phone();
    const page = await phone.newPage();
    // Records the statuses the page receives on its event stream (the pushed path).
    await page.addInitScript(() => {
      const Native = window.EventSource;
      const pushed: string[] = [];
      (window as unknown as { e2ePushed: string[] }).e2ePushed = pushed;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('message', (event) => {
            pushed.push(JSON.parse((event as MessageEvent<string>).data).data.payment_status);
          });
        }
      };
    });
    await page.goto(order.paymentUrl);
    await expect.poll(() => page.getByText('₹1,234.50').first().isVisible()).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { e2eLoaded: boolean }).e2eLoaded = true;
    });
    await expectNoAxeViolations(page, 'pay (UPI, phone)');

    // The app buttons open the same payment: the system chooser with `extra` first, then each named
    // app by its Android package with the same query, falling back to this page where it is missing.
    const query = order.extra.slice('upi://pay?'.length);
    const fallback = encodeURIComponent(`${order.paymentUrl}#no-app`);
    expect(await page.getByRole('link', { name: 'Pay with any UPI app' }).getAttribute('href')).toBe(
      order.extra,
    );
    const apps = {
      'Google Pay': 'com.google.android.apps.nbu.paisa.user',
      PhonePe: 'com.phonepe.app',
      Paytm: 'net.one97.paytm',
      BHIM: 'in.org.npci.upiapp',
    };
    for (const [app, pkg] of Object.entries(apps)) {
      expect(await page.getByRole('link', { name: `Pay with ${app}` }).getAttribute('href')).toBe(
        `intent://pay?${query}#Intent;scheme=upi;package=${pkg};S.browser_fallback_url=${fallback};end`,
      );
    }

    // The QR, on request on a phone, decodes to exactly `extra`.
    await page.getByRole('button', { name: 'Show QR code' }).click();
    const qr = page.getByRole('img', { name: /QR code to pay ₹1,234.50 to Chai Point/ });
    await qr.waitFor();
    expect(await decodeQr(qr)).toBe(order.extra);
    await expectNoAxeViolations(page, 'pay with the QR shown (UPI, phone)');

    // A mobile number typed as the UTR gets the specific message.
    const utrField = page.getByLabel('UTR (12-digit reference number)');
    await utrField.fill('98765 43210');
    await expect
      .poll(() => page.getByText('This looks like a mobile number. The UTR has 12 digits.').isVisible())
      .toBe(true);
    expect(await utrField.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'pay with a UTR mistake (UPI, phone)');

    // A valid UTR: the verifying screen.
    const utr = newUtr();
    await utrField.fill(utr);
    await expect.poll(() => page.getByText('Looks right: 12 digits.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    await expectNoAxeViolations(page, 'verifying');

    // The bank credit arrives: success without a reload, then the countdown back to the shop.
    const credit = await stack.operator.postCredit({ utr, amount: '1234.50', payer_name: 'Asha Rao' });
    expect(credit).toMatchObject({
      outcome: 'completed',
      payment_uid: order.paymentUid,
      payment_status: 'completed',
    });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { e2eLoaded?: boolean }).e2eLoaded)).toBe(true);
    // The change reached the page on its event stream, not only by polling.
    expect(await page.evaluate(() => (window as unknown as { e2ePushed: string[] }).e2ePushed)).toContain(
      'completed',
    );
    await expect.poll(() => page.getByText(utr).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'success');
    await expect.poll(() => page.getByText(/Returning to Chai Point in \d s/).isVisible()).toBe(true);

    // The receipt: saving it (a PNG download here) stops the countdown; the print view shows the
    // amount, the shop, the order reference, the UTR and the time, and none of the page's controls.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save receipt' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`receipt-${order.merchantOrderId}.png`);
    expect(
      readFileSync(await saved.path())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(await page.getByText(/Returning to Chai Point/).count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    for (const shown of ['₹1,234.50', 'Chai Point', order.merchantOrderId, utr, 'Date and time']) {
      expect(await page.locator('main').getByText(shown, { exact: true }).first().isVisible(), shown).toBe(
        true,
      );
    }
    for (const hidden of ['Save receipt', 'Print receipt', 'Return to Chai Point']) {
      expect(await page.getByRole('button', { name: hidden }).isVisible(), hidden).toBe(false);
    }
    expect(await page.getByRole('combobox', { name: 'Language' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // Back to the shop with the order's reference, uid, status and the service's signature, which
    // the shop verifies with its API secret; the shop's own parameter is kept.
    await page.getByRole('button', { name: 'Return to Chai Point' }).click();
    await page.getByRole('heading', { name: 'Back at the shop' }).waitFor();
    const back = new URL(page.url());
    expect(`${back.origin}${back.pathname}`).toBe(new URL(order.redirectUrl).href.split('?')[0]);
    expect(back.searchParams.get('order')).toBe(order.merchantOrderId);
    const signed = {
      merchant_order_id: back.searchParams.get('merchant_order_id') ?? '',
      payment_status: back.searchParams.get('payment_status') ?? '',
      payment_uid: back.searchParams.get('payment_uid') ?? '',
    };
    expect(signed).toEqual({
      merchant_order_id: order.merchantOrderId,
      payment_status: 'completed',
      payment_uid: order.paymentUid,
    });
    expect(back.searchParams.get('signature')).toBe(
      signFields(stack.merchant.credentials.apiSecret, signed, false),
    );
    expect(stack.site.returns.map(String)).toContain(back.href);

    // The merchant's server got a correctly signed `completed` callback.
    const callback = await stack.site.waitForCallback(
      (fields) => fields.merchant_order_id === order.merchantOrderId && fields.payment_status === 'completed',
    );
    expect(callback.headers['content-type']).toMatch(/^application\/json/);
    expect(callback.headers['oc-key']).toBe(stack.merchant.credentials.apiKey);
    expect(callback.flatStrings).toBe(true);
    expect(callback.signedKeepingEmpties).toBe(true);
    expect(callback.signedSkippingEmpties).toBe(true);
    expect(callback.fields).toMatchObject({
      amount: '1234.50',
      currency: 'INR',
      payment_uid: order.paymentUid,
      serial_number: utr,
    });
    for (const received of stack.site.callbacksFor(order.paymentUid))
      expect(received.signedKeepingEmpties).toBe(true);

    // The query: completed, notified, accounted; the balance grew by the amount.
    const queried = await queryUntil(stack, order.merchantOrderId, (o) => o.notify_status === 'completed');
    expect(queried).toMatchObject({
      payment_status: 'completed',
      notify_status: 'completed',
      accounting_status: 'accounted',
      serial_number: utr,
      amount: '1234.50',
      extra: order.extra,
    });
    const after = await stack.merchant.balance();
    expect(after.available - before.available).toBe(paise('1234.50'));
  });
});
