/**
 * Flow 6: a shop page on an origin the merchant allowed (embed_origins) frames the checkout and
 * receives its status messages; a page on another origin cannot frame it (CSP frame-ancestors).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { createCollection } from '../support/orders.js';
import { sleep } from '../support/service-process.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

interface Received {
  readonly origin: string;
  readonly data: { type?: string; payment_uid?: string; merchant_order_id?: string; payment_status?: string };
}

const messages = (page: Page) =>
  page.evaluate(() => (window as unknown as { checkoutMessages: Received[] }).checkoutMessages);

describe(`Embedding (${storeKind()})`, () => {
  test('an allowed shop page frames the checkout and hears every status change', async () => {
    const order = await createCollection(stack, { amount: '149.00', prefix: 'EMBED' });
    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    await page.goto(stack.site.embedUrl(stack.site.origin, order.paymentUrl));
    const frame = page.frameLocator('#checkout');
    await frame.getByRole('heading', { name: 'Pay by UPI' }).waitFor();

    const statusMessages = async () =>
      (await messages(page)).filter((m) => m.data.type === 'checkout:status');
    const statuses = async () => (await statusMessages()).map((m) => m.data.payment_status);
    await expect.poll(statuses).toContain('pending');
    const utr = newUtr();
    await frame.getByLabel('UTR (12-digit reference number)').fill(utr);
    await frame.getByRole('button', { name: 'Confirm payment' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();
    await expect.poll(statuses).toContain('processing');
    await stack.operator.postCredit({ utr, amount: '149.00' });
    await frame.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await expect.poll(statuses).toContain('completed');

    const received = await statusMessages();
    for (const message of received) {
      expect(message.origin).toBe(new URL(stack.url).origin);
      expect(message.data).toMatchObject({
        type: 'checkout:status',
        payment_uid: order.paymentUid,
        merchant_order_id: order.merchantOrderId,
      });
    }
    // One message per status, in order.
    expect(received.map((m) => m.data.payment_status)).toEqual(['pending', 'processing', 'completed']);

    // Leaving for the shop navigates the top window, not the frame.
    await frame.getByRole('button', { name: 'Return to Chai Point' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${order.redirectUrl}&`), { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Back at the shop' }).waitFor();
    expect(new URL(page.url()).searchParams.get('payment_status')).toBe('completed');
  });

  test('a page on an origin the merchant did not allow cannot frame the checkout', async () => {
    const order = await createCollection(stack, { amount: '149.00', prefix: 'EMBED' });
    const answer = await fetch(order.paymentUrl);
    expect(answer.headers.get('content-security-policy')).toContain(`frame-ancestors ${stack.site.origin}`);
    expect(answer.headers.get('content-security-policy')).not.toContain(stack.site.otherOrigin);

    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(stack.site.embedUrl(stack.site.otherOrigin, order.paymentUrl));
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await sleep(1500);
    const child = page.frames().find((frame) => frame !== page.mainFrame());
    expect(child).toBeDefined();
    expect(await child?.locator('#app').count()).toBe(0);
    expect(await messages(page)).toEqual([]);
  });
});
