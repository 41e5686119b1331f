/**
 * The payer's dead ends, on a phone against the real service: after the last UTR an order takes,
 * the page stops inviting payment and gives the shop's contact and the order reference; an order
 * whose time runs out while its UTR is checked offers no payment details any more, says not to pay
 * again, and a late credit still completes it; a UTR that belongs to a known bank credit of another
 * amount is refused with that amount, reaches operators, and leaves the order open for the right UTR.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const SUPPORT = { support_contact: 'help@chaipoint.example' };
const main = useStack('main', SUPPORT);
const ttl = useStack('ttl', SUPPORT);
const browser = useBrowser();

describe(`The payer's dead ends (${storeKind()})`, () => {
  test('after five UTRs the page stops inviting payment and gives the shop’s contact and the order reference', async () => {
    const order = await createCollection(main, { amount: '640.00', prefix: 'LIMIT' });
    const page = await (await browser.phone()).newPage();
    await page.goto(order.paymentUrl);
    const field = page.getByLabel('UTR (12-digit reference number)');
    await field.fill(newUtr());
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    for (let left = 4; left >= 1; left--) {
      await page.getByRole('button', { name: 'Entered the wrong number? Change it' }).click();
      await expect
        .poll(() =>
          page.getByText(`UTRs left to try for this payment: ${left}.`, { exact: false }).isVisible(),
        )
        .toBe(true);
      await field.fill(newUtr());
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      await expect.poll(() => field.isVisible()).toBe(false);
    }

    const block = page.getByRole('region', { name: 'No more UTRs can be entered' });
    await block.waitFor();
    expect(await block.textContent()).toMatch(/Do not pay again/);
    expect(await block.getByRole('link', { name: 'help@chaipoint.example' }).getAttribute('href')).toBe(
      'mailto:help@chaipoint.example',
    );
    expect(await block.getByText(order.merchantOrderId).isVisible()).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    for (const invitation of [/Change it/, /payment details/]) {
      expect(await page.getByRole('button', { name: invitation }).count()).toBe(0);
    }
    expect(await page.getByRole('link', { name: /Pay with/ }).count()).toBe(0);
    expect(await page.getByText(/Looks right/).count()).toBe(0);
    await expectNoAxeViolations(page, 'no UTR tries left');
  });

  test('an order whose time runs out while its UTR is checked offers no payment details, says not to pay again, and is still completed by the payment', async () => {
    const order = await createCollection(ttl, { amount: '275.00', prefix: 'EXPCHK' });
    const page = await (await browser.phone()).newPage();
    await page.goto(order.paymentUrl);
    const utr = newUtr();
    await page.getByLabel('UTR (12-digit reference number)').fill(utr);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();

    await page
      .getByText('The time to pay this order is over. Do not pay again.')
      .waitFor({ timeout: 30_000 });
    expect(
      await page
        .getByText(/If you already paid, your payment is still matched when the bank reports it/)
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText(/This usually takes/).count()).toBe(0);
    expect(await page.getByRole('button', { name: /payment details/ }).count()).toBe(0);
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    const contact = page.getByRole('region', { name: 'Taking longer than usual?' });
    expect(await contact.getByRole('link', { name: 'help@chaipoint.example' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'time up while checking');

    await ttl.operator.postCredit({ utr, amount: '275.00' });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
  });

  test('a UTR of a known bank credit of another amount is refused with its amount, reaches operators, and the order stays open for the right UTR', async () => {
    const order = await createCollection(main, { amount: '500.00', prefix: 'MISMATCH' });
    const earlier = newUtr();
    await main.operator.postCredit({ utr: earlier, amount: '499.00' });

    const page = await (await browser.phone()).newPage();
    await page.goto(order.paymentUrl);
    const field = page.getByLabel('UTR (12-digit reference number)');
    await field.fill(earlier);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    const refusal = page.getByText(
      'This UTR belongs to a payment of ₹499.00, but this order is for ₹500.00.',
      {
        exact: false,
      },
    );
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(order.merchantOrderId);
    expect(await page.getByText(/Looks right/).count()).toBe(0);
    await expectNoAxeViolations(page, 'UTR of a credit of another amount');

    const lost = await main.operator.request<{ utr: string; reason: string; credit_amount: string | null }[]>(
      'GET',
      `/lost-claims?utr=${earlier}`,
    );
    expect(lost.status).toBe(200);
    expect(lost.data).toEqual([
      expect.objectContaining({ utr: earlier, reason: 'credit_mismatch', credit_amount: '499.00' }),
    ]);

    const right = newUtr();
    await field.fill(right);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    await main.operator.postCredit({ utr: right, amount: '500.00' });
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
  });
});
