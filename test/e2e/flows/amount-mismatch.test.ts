/**
 * Flow 3: the bank credit for the payer's UTR carries a different amount: the order is rejected
 * (never completed for less: docs/decisions/0002-open-points.md,
 * Callbacks as merchants read them), the page says so in plain words, and the merchant
 * is called back with `reject`.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection, queryUntil } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`Amount mismatch (${storeKind()})`, () => {
  test('a credit for a different amount rejects the order, in plain words on the page and by callback', async () => {
    const before = await stack.merchant.balance();
    const order = await createCollection(stack, { amount: '500.00', prefix: 'MISMATCH' });
    const phone = await browser.phone();
    const page = await phone.newPage();
    await page.goto(order.paymentUrl);
    await page.getByRole('heading', { name: 'Pay by UPI' }).waitFor();
    await expectNoAxeViolations(page, 'pay (UPI, phone)');
    const utr = newUtr();
    await page.getByLabel('UTR (12-digit reference number)').fill(utr);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    await expectNoAxeViolations(page, 'verifying');

    const credit = await stack.operator.postCredit({ utr, amount: '499.00' });
    expect(credit).toMatchObject({ outcome: 'rejected', payment_status: 'reject' });
    await page.getByRole('heading', { level: 1, name: 'Payment not accepted' }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() =>
        page
          .getByText(
            'The amount received did not match this order, so it was not accepted. Contact the shop with your UTR.',
          )
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText(utr).isVisible()).toBe(true);
    // Stay, so the audit sees the screen rather than the shop.
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expectNoAxeViolations(page, 'rejected');

    const callback = await stack.site.waitForCallback(
      (fields) => fields.merchant_order_id === order.merchantOrderId && fields.payment_status === 'reject',
    );
    expect(callback.signedKeepingEmpties && callback.signedSkippingEmpties).toBe(true);
    expect(callback.fields.payment_fail_reason).toMatch(/499\.00/);
    const queried = await queryUntil(stack, order.merchantOrderId, (o) => o.notify_status === 'completed');
    expect(queried.payment_status).toBe('reject');
    expect(queried.payment_fail_reason).not.toBe('');
    expect(
      stack.site.callbacksFor(order.paymentUid).some((c) => c.fields.payment_status === 'completed'),
    ).toBe(false);
    expect((await stack.merchant.balance()).available).toBe(before.available);
  });
});
