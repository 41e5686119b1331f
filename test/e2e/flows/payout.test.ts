/**
 * Flow 7: a signed payout (expense order) holds the amount, is settled by the sandbox channel,
 * called back as `completed`, and the balance falls by the amount; a payout above the available
 * balance is refused with 422.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newOrderId, newUtr, paise } from '../support/merchant-client.js';
import { claimUtr, createCollection, queryUntil } from '../support/orders.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`Payout (${storeKind()})`, () => {
  test('a payout is held, settled by the sandbox bank, called back as completed, and the balance falls', async () => {
    // Fund the merchant: a collection paid the way the page pays (a UTR claim), then the credit.
    const funding = await createCollection(stack, { amount: '5000.00', prefix: 'FUND' });
    const utr = newUtr();
    expect((await claimUtr(stack.url, funding.paymentUid, utr)).status).toBe(200);
    expect(await stack.operator.postCredit({ utr, amount: '5000.00' })).toMatchObject({
      payment_status: 'completed',
    });
    const funded = await stack.merchant.balance();
    expect(funded.available).toBeGreaterThanOrEqual(paise('5000.00'));

    const merchantOrderId = newOrderId('PAYOUT');
    const created = await stack.merchant.createOrder({
      transaction_type: 'expense',
      amount: '1200.75',
      payterm: 'IMPS',
      accounting_type: 'pay',
      merchant_order_id: merchantOrderId,
      to: '987654321012',
      to_name: 'Ravi Kumar',
      to_bank_name: 'SBIN0001234',
      notify_url: stack.site.notifyUrl,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.payment.payment_status).toBe('pending');
    const held = await stack.merchant.balance();
    expect(held.available).toBe(funded.available - paise('1200.75'));
    expect(held.held).toBe(funded.held + paise('1200.75'));

    // The payee's view of the payout: status only.
    const page = await (await browser.desktop()).newPage();
    await page.goto(created.body.data.payment_url);
    await page.getByRole('heading', { level: 1, name: 'Payout status' }).waitFor();

    const callback = await stack.site.waitForCallback(
      (fields) => fields.merchant_order_id === merchantOrderId && fields.payment_status === 'completed',
    );
    expect(callback.signedKeepingEmpties && callback.signedSkippingEmpties).toBe(true);
    expect(callback.fields).toMatchObject({
      transaction_type: 'expense',
      amount: '1200.75',
      to: '987654321012',
    });
    await expect.poll(() => page.getByText('Paid out').isVisible(), { timeout: 10_000 }).toBe(true);
    // The text follows the status; the account shows masked, with the time of payment.
    expect(await page.getByText('Chai Point has paid ₹1,200.75 into your bank account.').isVisible()).toBe(
      true,
    );
    expect(await page.getByText(/is sending|is preparing/).count()).toBe(0);
    expect(await page.getByText('XXXXXXXX1012', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('987654321012').count()).toBe(0);
    expect(await page.getByText('Paid on').isVisible()).toBe(true);

    const queried = await queryUntil(stack, merchantOrderId, (o) => o.notify_status === 'completed');
    expect(queried).toMatchObject({
      payment_status: 'completed',
      notify_status: 'completed',
      accounting_status: 'accounted',
    });
    const settled = await stack.merchant.balance();
    expect(settled.available).toBe(funded.available - paise('1200.75'));
    expect(settled.held).toBe(funded.held);
  });

  test('a payout above the available balance is refused with 422 and holds nothing', async () => {
    const before = await stack.merchant.balance();
    const tooMuch = ((before.available + 100) / 100).toFixed(2);
    const answer = await stack.merchant.createOrder({
      transaction_type: 'expense',
      amount: tooMuch,
      merchant_order_id: newOrderId('PAYOUT'),
      to: '987654321012',
      to_name: 'Ravi Kumar',
      to_bank_name: 'SBIN0001234',
      notify_url: stack.site.notifyUrl,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ result: 'error', data: { error: 'insufficient_balance' } });
    expect(await stack.merchant.balance()).toEqual(before);
  });
});
