/**
 * Flow 3: the bank credit for the payer's UTR carries a different amount: the order is rejected
 * (never completed for less: docs/decisions/0002-open-points.md, Callbacks as merchants read
 * them), the page shows both amounts and stays (no automatic redirect), in Hindi without English,
 * and the merchant is called back with `reject`.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection, queryUntil } from '../support/orders.js';
import { expectNoAxeViolations, latinWordsOutside, perceivableText } from '../support/page-checks.js';
import { MERCHANT, storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`Amount mismatch (${storeKind()})`, () => {
  test('a credit for a different amount rejects the order, in plain words on the page and by callback', async () => {
    const before = await stack.merchant.balance();
    const order = await createCollection(stack, { amount: '500.00', prefix: 'MISMATCH' });
    const phone = await browser.phone();
    const page = await phone.newPage();
    // The page's timers run on a clock the test can move forward (it flows as usual until then).
    await page.clock.install();
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
      .poll(() => page.getByText('We expected ₹500.00 but received ₹499.00.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(utr).first().isVisible()).toBe(true);
    // What to do, said once: the shop's contact, the order reference and the UTR to quote.
    expect(await page.getByText(/Contact Chai Point with the order reference and your UTR/).count()).toBe(1);
    expect(await page.getByText(/with your UTR/).count()).toBe(0);
    await expectNoAxeViolations(page, 'rejected');
    // No countdown: ten seconds later, by the page's clock (every timer due by then has fired), the
    // payer is still here, with the way back offered.
    expect(await page.getByRole('timer').count()).toBe(0);
    const shown = page.url();
    await page.clock.runFor(10_000);
    expect(page.url()).toBe(shown);
    await page.getByRole('button', { name: 'Back to the shop' }).waitFor();

    // The same screen in Hindi: no Latin-script word but the UTR, the amounts and names.
    const hindi = await (await browser.phone({ locale: 'hi-IN' })).newPage();
    await hindi.goto(order.paymentUrl);
    await hindi.getByRole('heading', { level: 1, name: 'भुगतान स्वीकार नहीं हुआ' }).waitFor();
    const names = `${MERCHANT.name} ${order.merchantOrderId}`.match(/[A-Za-z]+/g) ?? [];
    // The header's mark is the merchant's initial.
    const allowed = new Set(['UTR', 'UPI', 'INR', MERCHANT.name.charAt(0), ...names]);
    expect(
      latinWordsOutside(await perceivableText(hindi), allowed),
      'English on the Hindi rejected screen',
    ).toEqual([]);
    await expectNoAxeViolations(hindi, 'rejected (Hindi)');

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
