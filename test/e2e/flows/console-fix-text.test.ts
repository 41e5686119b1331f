/**
 * An unparsed bank SMS fixed in the operator console: the payer claims a UTR on the checkout page,
 * the shop's phone forwards the bank's alert without its 12-digit reference (so the service stores
 * it as unparsed), and an operator fixes it in the console from the form the service's parser
 * prefilled. The credit completes the claimed order: the payer's page shows success, the merchant
 * gets its callback, and the order's timeline in the console shows the credit. axe-core audits
 * every screen on the way.
 */
import { describe, expect, inject, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signInToConsole } from '../support/console-page.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`console fixes an unparsed SMS (${storeKind()})`, () => {
  test('an SMS without a reference, fixed in the console, completes the order the payer claimed', async () => {
    const order = await createCollection(stack, { amount: '1499.00' });
    const utr = newUtr();

    // The payer pays in their app and types the UTR on the checkout page.
    const phone = await browser.phone();
    const payer = await phone.newPage();
    await payer.goto(order.paymentUrl);
    await payer.getByLabel('UTR (12-digit reference number)').fill(utr);
    await expect.poll(() => payer.getByText('Looks right: 12 digits.').isVisible()).toBe(true);
    await payer.getByRole('button', { name: 'Confirm payment' }).click();
    await payer.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();

    // The shop's phone forwards the bank's alert; it has no 12-digit reference.
    const source = await stack.operator.request<{ sms_url: string }>('POST', '/credit-sources', {
      merchant_uid: stack.merchant.credentials.merchantUid,
      account: stack.accounts.upi_vpa,
      kind: 'sms',
      name: 'Counter phone',
    });
    expect(source.status).toBe(201);
    const sms = `Money Received - INR 1,499.00 in HDFC Bank A/c xx9012 from asha.rao@okicici. Ref ${utr.slice(0, 10)}.`;
    const forwarded = await fetch(source.data.sms_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: 'VM-HDFCBK', text: sms }),
    });
    const ingested = (await forwarded.json()) as {
      data: { text_id: string; outcome: string; reason: string };
    };
    expect(ingested.data).toMatchObject({
      outcome: 'unparsed',
      reason: 'credit alert without a 12-digit reference',
    });
    const textId = ingested.data.text_id;

    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    await signInToConsole(page, stack.url, inject('e2eServices').main?.operatorToken ?? '');

    await page.getByRole('link', { name: 'Credits', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
    await page.getByRole('link', { name: /^Unparsed/ }).click();
    const form = page.getByRole('form', { name: `Fix text ${textId}` });
    await form.waitFor();
    // Prefilled by the service's parser: the amount and the payer it found; no UTR, as it found none.
    expect(await form.getByLabel('Amount (₹)').inputValue()).toBe('1499.00');
    expect(await form.getByLabel('Payer').inputValue()).toBe('asha.rao@okicici');
    expect(await form.getByLabel('UTR (12 digits)').inputValue()).toBe('');
    await expectNoAxeViolations(page, 'console Credits, unparsed');

    // The operator reads the full reference from the bank statement.
    await form.getByLabel('UTR (12 digits)').fill(utr);
    await form.getByRole('button', { name: 'Fix into a credit' }).click();
    await form.getByText('A note is required.').waitFor();
    await form.getByLabel('Note').fill('full reference read from the bank statement');
    await form.getByRole('button', { name: 'Fix into a credit' }).click();
    await page.getByText(`Text ${textId} fixed into credit ${utr}.`).waitFor();
    // The list reloads without the text: it is no longer unparsed.
    await expect.poll(() => page.getByRole('form', { name: `Fix text ${textId}` }).count()).toBe(0);
    await expectNoAxeViolations(page, 'console Credits after a fix');

    // The claimed order is complete: the payer sees it, the merchant is told.
    await payer.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await stack.site.waitForCallback(
      (fields) => fields.payment_uid === order.paymentUid && fields.payment_status === 'completed',
    );

    // The order's page in the console: completed, and the credit on its timeline.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(utr);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`q=${utr}`));
    await page.getByRole('link', { name: order.merchantOrderId }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${order.merchantOrderId} completed` }).waitFor();
    await page.getByText(`UTR ${utr} claimed`).waitFor();
    await page.getByText(`Bank credit ₹1,499.00, UTR ${utr}`).waitFor();
    await expectNoAxeViolations(page, 'console order completed by a fixed text');
  });
});
