/**
 * Flow: a payer submits a wrong UTR (a typo), sees "Checking your payment", corrects the UTR from
 * that screen, and the order completes when the bank credit for the right UTR arrives.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`Wrong UTR (${storeKind()})`, () => {
  test('a wrong UTR is corrected from the verifying screen and the order completes', async () => {
    const order = await createCollection(stack, { amount: '310.00', prefix: 'WRONG' });
    const page = await (await browser.phone()).newPage();
    await page.goto(order.paymentUrl);
    const field = page.getByLabel('UTR (12-digit reference number)');
    const wrong = newUtr();
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();

    // The way back to the payment details and the change are both there.
    await page.getByRole('button', { name: 'Not paid yet? Show the payment details' }).click();
    await page.getByRole('link', { name: 'Pay with any UPI app' }).waitFor();
    await page.getByRole('button', { name: 'Entered the wrong number? Change it' }).click();
    await expect.poll(() => page.getByText(/UTRs left to try for this payment: 4\./).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'verifying, changing the UTR');
    const right = newUtr();
    await field.fill(right);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect.poll(() => page.getByText(right).first().isVisible()).toBe(true);

    await stack.operator.postCredit({ utr: right, amount: '310.00' });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await stack.site.waitForCallback(
      (fields) =>
        fields.merchant_order_id === order.merchantOrderId &&
        fields.payment_status === 'completed' &&
        fields.serial_number === right,
    );
  });
});
