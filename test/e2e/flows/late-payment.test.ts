/**
 * Flow 2: the order expires on screen (ORDER_TTL_SECONDS=10), then a late UTR and a matching bank
 * credit still complete it (docs/decisions/0002-open-points.md, Payment states and transitions;
 * Matching bank credits).
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection, queryUntil } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack('ttl');
const browser = useBrowser();

describe(`Late payment (${storeKind()})`, () => {
  test('an order that expired on screen is still completed by a late UTR and a matching credit', async () => {
    const order = await createCollection(stack, { amount: '250.00', prefix: 'LATE' });
    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    await page.goto(order.paymentUrl);
    // On a desktop the QR is shown at once.
    await page.getByRole('img', { name: /QR code to pay ₹250.00/ }).waitFor();
    await expectNoAxeViolations(page, 'pay (UPI, desktop)');

    await page.getByRole('heading', { level: 1, name: 'Time to pay is over' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'expired');
    expect(
      (await queryUntil(stack, order.merchantOrderId, (o) => o.payment_status === 'overdue')).payment_status,
    ).toBe('overdue');
    await stack.site.waitForCallback(
      (fields) => fields.merchant_order_id === order.merchantOrderId && fields.payment_status === 'overdue',
    );

    // "Already paid? Enter your UTR" is still offered.
    await page.getByRole('heading', { name: 'Already paid? Enter your UTR' }).waitFor();
    const utr = newUtr();
    await page.getByLabel('UTR (12-digit reference number)').fill(utr);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    await expectNoAxeViolations(page, 'verifying (late)');

    const credit = await stack.operator.postCredit({ utr, amount: '250.00' });
    expect(credit).toMatchObject({ outcome: 'completed', payment_status: 'completed' });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    // The countdown back to the shop can be cancelled; then the audit sees the success screen.
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expect.poll(() => page.getByText(/Returning to Chai Point/).count()).toBe(0);
    await expectNoAxeViolations(page, 'success (late, countdown cancelled)');
    expect(page.url()).toBe(order.paymentUrl);

    const callback = await stack.site.waitForCallback(
      (fields) => fields.merchant_order_id === order.merchantOrderId && fields.payment_status === 'completed',
    );
    expect(callback.signedKeepingEmpties && callback.signedSkippingEmpties).toBe(true);
    const queried = await queryUntil(stack, order.merchantOrderId, (o) => o.notify_status === 'completed');
    expect(queried).toMatchObject({
      payment_status: 'completed',
      accounting_status: 'accounted',
      serial_number: utr,
    });
  });
});
