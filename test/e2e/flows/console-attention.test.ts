/**
 * The console's Needs attention queue: the shop's phone forwards a bank alert whose UTR is already
 * credited with another amount (a conflict, no credit); Today counts it, the queue shows it with its
 * reason and the text as received, and an operator dismisses it with a note: it leaves the queue and
 * the audit log keeps who and why. axe-core audits every screen on the way.
 */
import { describe, expect, inject, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signInToConsole } from '../support/console-page.js';
import { newUtr } from '../support/merchant-client.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`console Needs attention (${storeKind()})`, () => {
  test('a conflicting SMS reaches the queue with its reason and leaves it once dismissed', async () => {
    const source = await stack.operator.request<{ sms_url: string }>('POST', '/credit-sources', {
      merchant_uid: stack.merchant.credentials.merchantUid,
      account: stack.accounts.upi_vpa,
      kind: 'sms',
      name: 'Counter phone',
    });
    expect(source.status).toBe(201);
    const utr = newUtr();
    const alert = (amount: string) =>
      `Money Received - INR ${amount} in HDFC Bank A/c xx9012 on 15-01-26 from ravi.kumar@okicici UPI Ref No ${utr}. Avl bal: INR 1,05,000.00`;
    const forward = async (text: string) => {
      const response = await fetch(source.data.sms_url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ from: 'VM-HDFCBK', text }),
      });
      return ((await response.json()) as { data: { text_id: string; outcome: string } }).data;
    };
    expect((await forward(alert('499.00'))).outcome).toBe('credit');
    const conflict = await forward(alert('500.00'));
    expect(conflict.outcome).toBe('conflict');

    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    await signInToConsole(page, stack.url, inject('e2eServices').main?.operatorToken ?? '');
    await page.getByRole('link', { name: /^\d+ Conflicting texts$/ }).click();

    await page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: `text ${conflict.text_id}` });
    await card.getByText(/text conflicts with a known credit/).waitFor();
    await card.getByText(alert('500.00')).waitFor();
    await expectNoAxeViolations(page, 'console Needs attention');

    await card.getByRole('button', { name: `Dismiss text ${conflict.text_id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Dismiss text ${conflict.text_id}` });
    await dialog.getByLabel('Note').fill('the bank sent a corrected alert; the 499.00 credit stands');
    await expectNoAxeViolations(page, 'console dismiss dialog');
    await dialog.getByRole('button', { name: 'Dismiss text' }).click();
    await page.getByText(`Text ${conflict.text_id} dismissed.`).waitFor();
    await expect.poll(() => card.count()).toBe(0);

    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await page.getByText('the bank sent a corrected alert; the 499.00 credit stands').waitFor();
  });
});
