/**
 * Flow 4: an IMPS collection shows the merchant's bank details, each with a working copy button.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { MERCHANT, storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`IMPS collection (${storeKind()})`, () => {
  test('the bank details are shown in full and each copy button puts its value on the clipboard', async () => {
    const order = await createCollection(stack, { amount: '75000.00', payterm: 'IMPS', prefix: 'IMPS' });
    expect(order.extra).toBe('');
    const desktop = await browser.desktop({ clipboardOrigin: stack.url });
    const page = await desktop.newPage();
    await page.goto(order.paymentUrl);
    await page.getByRole('heading', { name: 'Pay by bank transfer (IMPS)' }).waitFor();
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'pay (IMPS)');

    const fields = [
      ['Account number', stack.accounts.imps_account],
      ['Account name', MERCHANT.imps_account_name],
      ['IFSC', MERCHANT.imps_ifsc],
      ['Amount', '75000.00'],
    ] as const;
    for (const [label, value] of fields) {
      // Shown for reading (Indian grouping; the account number in groups of four), copied as is.
      const shown =
        label === 'Amount'
          ? '₹75,000.00'
          : label === 'Account number'
            ? (value.match(/\d{1,4}/g) ?? []).join(' ')
            : value;
      await expect.poll(() => page.getByText(shown, { exact: true }).first().isVisible()).toBe(true);
      await page.evaluate(() => navigator.clipboard.writeText('-'));
      await page.getByRole('button', { name: `Copy ${label}` }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
      await expect.poll(() => page.getByRole('button', { name: `Copied: ${label}` }).isVisible()).toBe(true);
    }
    expect(await page.getByText(MERCHANT.imps_bank_name, { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'pay (IMPS) after copying');

    // The UTR of the transfer completes it like a UPI payment.
    const utr = newUtr();
    await page.getByLabel('UTR (12-digit reference number)').fill(utr);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    await expectNoAxeViolations(page, 'verifying (IMPS)');
    await stack.operator.postCredit({ utr, amount: '75000.00', payee: stack.accounts.imps_account });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expectNoAxeViolations(page, 'success (IMPS)');
    await stack.site.waitForCallback(
      (f) =>
        f.merchant_order_id === order.merchantOrderId &&
        f.payment_status === 'completed' &&
        f.payterm === 'IMPS',
    );
  });
});
