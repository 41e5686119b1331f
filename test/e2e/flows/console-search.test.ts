/**
 * The console on a phone (390 px): an operator signs in, finds an order from the header search by
 * its amount as the console shows it (₹7,431.25) and by the payer's name on its bank credit (the
 * order was created without one), and reads the payer on the order. Today, Needs attention, the
 * search, the order and Credits read as cards with nothing wider than the screen; axe-core audits
 * each, and each is photographed to docs/screenshots/console/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signInToConsole } from '../support/console-page.js';
import { newUtr } from '../support/merchant-client.js';
import { claimUtr, createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();
const SHOTS = 'docs/screenshots/console';

/** Audits the screen, checks nothing is wider than the phone, and photographs it once (embedded store's run). */
async function check(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page, `console ${name} at 390 px`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  if (storeKind() !== 'pglite') return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
}

async function search(page: Page, term: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search orders and credits' }).fill(term);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('heading', { level: 1, name: `Search: ${term}` }).waitFor();
}

describe(`console search on a phone (${storeKind()})`, () => {
  test('the header search finds an order by a grouped amount and by the payer name on its credit', async () => {
    const order = await createCollection(stack, { amount: '7431.25', prefix: 'FIND' });
    const utr = newUtr();
    expect((await claimUtr(stack.url, order.paymentUid, utr)).status).toBe(200);
    await stack.operator.postCredit({ utr, amount: '7431.25', payer_name: 'Devika Raghunathan' });
    await stack.site.waitForCallback(
      (fields) => fields.payment_uid === order.paymentUid && fields.payment_status === 'completed',
    );

    const phone = await browser.phone();
    const page = await phone.newPage();
    await signInToConsole(page, stack.url, inject('e2eServices').main?.operatorToken ?? '');
    await page.getByText('Match rate').waitFor();
    await check(page, 'today');

    await search(page, '₹7,431.25');
    const orders = page.getByRole('table', { name: 'Orders matching ₹7,431.25' });
    await orders.getByRole('link', { name: order.merchantOrderId }).waitFor();
    await page.getByRole('table', { name: 'Credits matching ₹7,431.25' }).getByText(utr).waitFor();

    await search(page, 'devika ragh');
    await page
      .getByRole('table', { name: 'Orders matching devika ragh' })
      .getByRole('link', { name: order.merchantOrderId })
      .waitFor();
    const credits = page.getByRole('table', { name: 'Credits matching devika ragh' });
    await credits.getByText('Devika Raghunathan').waitFor();
    await check(page, 'search');

    await page.getByRole('link', { name: order.merchantOrderId }).click();
    await page.getByText('Devika Raghunathan (from the bank credit)').waitFor();
    await page.getByText(`Bank credit ₹7,431.25, UTR ${utr}`).waitFor();
    await check(page, 'order');

    await page.getByRole('link', { name: 'Needs attention' }).click();
    await page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();
    await check(page, 'needs-attention');

    await page.getByRole('link', { name: 'Credits', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
    await page.getByRole('link', { name: /^Matched/ }).click();
    await page.getByText(utr).first().waitFor();
    await check(page, 'credits');
  });
});
