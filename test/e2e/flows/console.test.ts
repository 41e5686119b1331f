/**
 * The operator console in Chromium: sign in, find an order by its UTR, read its timeline, resend
 * its callback and see the new attempt; create a merchant and a key (each secret shown once);
 * see a hand-posted credit's bad UTR refused under its field; open the match dialog of a waiting
 * credit, read a candidate's claimed UTR and leave it by keyboard (Escape, the focus back on
 * Match); sign out and be refused. axe-core audits every screen on the way.
 */
import { describe, expect, inject, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { newUtr } from '../support/merchant-client.js';
import { claimUtr, createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

describe(`operator console (${storeKind()})`, () => {
  test('an operator finds an order by UTR, resends its callback, provisions a merchant and signs out', async () => {
    const order = await createCollection(stack, { amount: '2345.00' });
    const utr = newUtr();
    expect((await claimUtr(stack.url, order.paymentUid, utr)).status).toBe(200);
    await stack.operator.postCredit({ utr, amount: '2345.00', payer_name: 'Meera Iyer' });
    await stack.site.waitForCallback(
      (fields) => fields.payment_uid === order.paymentUid && fields.payment_status === 'completed',
    );
    // A payer claims a UTR the bank never credits; a credit of the same amount arrives under another.
    const unpaid = await createCollection(stack, { amount: '3456.78' });
    const claimed = newUtr();
    expect((await claimUtr(stack.url, unpaid.paymentUid, claimed)).status).toBe(200);
    const waiting = newUtr();
    expect((await stack.operator.postCredit({ utr: waiting, amount: '3456.78' })).outcome).toBe('waiting');

    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    await page.goto(`${stack.url}/console/`);
    await page.getByLabel('Operator token').waitFor();
    await expectNoAxeViolations(page, 'console sign-in');
    await page.getByLabel('Operator token').fill('not-a-token-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That token is not valid.').waitFor();
    const token = inject('e2eServices').main?.operatorToken ?? '';
    await page.getByLabel('Operator token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    await page.getByText('Match rate').waitFor();
    await expectNoAxeViolations(page, 'console Today');

    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(utr);
    await page.getByRole('button', { name: 'Search' }).click();
    // The unfiltered list may already show the order: wait for the search's own answer, one row.
    await page.waitForURL(new RegExp(`q=${utr}`));
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 30_000 }).toBe(1);
    await page.getByRole('link', { name: order.merchantOrderId }).waitFor();
    await expect.poll(() => page.getByText('₹2,345.00').first().isVisible()).toBe(true);
    await page.getByRole('cell', { name: 'Meera Iyer (from the bank credit)' }).waitFor();
    await expectNoAxeViolations(page, 'console Orders');

    await page.getByRole('link', { name: order.merchantOrderId }).click();
    await page.getByText(`UTR ${utr} claimed`).waitFor();
    await page.getByText(`Bank credit ₹2,345.00, UTR ${utr}`).waitFor();
    const attempts = page.locator('[data-kind="attempt"]');
    await expect.poll(() => attempts.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await attempts.count();
    // The timeline may come before the order's own answer: check the screen once both are shown.
    await page.getByRole('heading', { level: 1, name: new RegExp(order.merchantOrderId) }).waitFor();
    await expectNoAxeViolations(page, 'console order');

    await page.getByRole('button', { name: 'Resend callback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resend callback' });
    await expectNoAxeViolations(page, 'console confirm dialog');
    await dialog.getByLabel('Note').fill('merchant asked for the completed callback again');
    await dialog.getByRole('button', { name: 'Resend callback' }).click();
    await page.getByText('Callback queued again.').waitFor();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.getByText(`UTR ${utr} claimed`).waitFor();
          return attempts.count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(before + 1);

    await page.getByRole('link', { name: 'Merchants', exact: true }).click();
    await page.getByRole('button', { name: 'New merchant' }).click();
    await page.getByLabel('Display name').fill('Console Tea House');
    await page.getByLabel('UPI address (VPA)').fill('teahouse@okhdfc');
    await page.getByRole('button', { name: 'Create merchant' }).click();
    await page.getByRole('heading', { name: 'Console Tea House created' }).waitFor();
    const secret = await page.locator('.secret-value').nth(2).textContent();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await expectNoAxeViolations(page, 'console Merchants with a new secret');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByText(secret ?? '').count()).toBe(0);

    await page.getByRole('link', { name: 'Console Tea House' }).click();
    await page.getByRole('heading', { level: 1, name: /Console Tea House/ }).waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByRole('heading', { name: 'New API key' }).waitFor();
    expect(await page.locator('.secret-value').nth(1).textContent()).toMatch(/^[0-9a-f]{64}$/);
    await expectNoAxeViolations(page, 'console merchant');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page.getByText('ak_').count()).toBeGreaterThanOrEqual(2);

    await page.getByRole('link', { name: 'Credits', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
    await page.getByRole('button', { name: 'Post credit' }).waitFor();
    await expectNoAxeViolations(page, 'console Credits');
    // The service's refusal of a field, under that field in plain words.
    await page.getByLabel('UTR (12 digits)').fill('6123');
    await page.getByLabel('Amount (₹)').fill('10.00');
    await page.getByRole('button', { name: 'Post credit' }).click();
    await page.getByRole('alert').getByText('Check UTR (12 digits): Enter exactly 12 digits.').waitFor();
    expect(await page.getByLabel('UTR (12 digits)').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'console Credits, a refused field');
    const match = page.getByRole('button', { name: `Match ${waiting}` });
    await match.click();
    const matchDialog = page.getByRole('dialog', { name: `Match credit ${waiting}` });
    await matchDialog
      .getByRole('radio', { name: new RegExp(`^${unpaid.merchantOrderId} .* UTR claimed ${claimed}$`) })
      .waitFor();
    await expectNoAxeViolations(page, 'console match dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => matchDialog.count()).toBe(0);
    await expect.poll(() => match.evaluate((button) => button === document.activeElement)).toBe(true);

    const [cookie] = await desktop.cookies();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    const refused = await page.evaluate(async () => (await fetch('/operator/api/merchants')).status);
    expect(refused).toBe(401);
    // The old cookie itself is dead, not only forgotten by the browser.
    const replay = await fetch(`${stack.url}/operator/api/merchants`, {
      headers: { Cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(replay.status).toBe(401);
    await page.reload();
    await page.getByLabel('Operator token').waitFor();
  });
});
