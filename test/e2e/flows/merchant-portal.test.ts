/**
 * The merchant portal in Chromium: an operator invites a merchant's user, who opens the link, sets
 * a password, finds an order by its UTR, resends its callback (the merchant's server receives it),
 * rotates the API key (an order created with the new key, the old key refused once revoked), and
 * signs in on a phone; another merchant's user is refused the order. axe-core audits every screen;
 * screenshots at phone and desktop width go to docs/screenshots/merchant/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { MerchantClient, newOrderId, newUtr } from '../support/merchant-client.js';
import { claimUtr, createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { MERCHANT, ownAccounts, type Stack, storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();
const SHOTS = 'docs/screenshots/merchant';
const PASSWORD = 'masala chai every morning';

/** An operator invites `email` to a merchant's portal: the one-time link. */
async function invite(merchantUid: string, email: string): Promise<string> {
  const answer = await stack.operator.request<{ invite_url: string }>(
    'POST',
    `/merchants/${merchantUid}/users`,
    {
      email,
    },
  );
  expect(answer.status, JSON.stringify(answer.data)).toBe(201);
  return answer.data.invite_url;
}

/** Opens an invitation link and sets the password: signed in, on Orders. */
async function acceptInvite(page: Page, inviteUrl: string): Promise<void> {
  await page.goto(inviteUrl);
  await page.getByRole('heading', { name: 'Set your password' }).waitFor();
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
}

/** Screens are checked and photographed once, on the embedded store's run. */
async function shoot(page: Page, name: string): Promise<void> {
  if (storeKind() !== 'pglite') return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function paidOrder(s: Stack) {
  const order = await createCollection(s, { amount: '1234.50', prefix: 'PORTAL' });
  const utr = newUtr();
  expect((await claimUtr(s.url, order.paymentUid, utr)).status).toBe(200);
  await s.operator.postCredit({ utr, amount: '1234.50', payer_name: 'Meera Iyer' });
  await s.site.waitForCallback(
    (fields) => fields.payment_uid === order.paymentUid && fields.payment_status === 'completed',
  );
  return { ...order, utr };
}

describe(`merchant portal (${storeKind()})`, () => {
  test('a merchant user finds an order by UTR, resends its callback, rotates the key; another merchant is refused', async () => {
    const order = await paidOrder(stack);
    const merchantUid = stack.merchant.credentials.merchantUid;
    const email = `accounts.${newOrderId('u').toLowerCase()}@chaipoint.in`;
    const inviteUrl = await invite(merchantUid, email);
    expect(inviteUrl.startsWith(`${stack.url}/merchant/#invite=`)).toBe(true);

    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    await page.goto(inviteUrl);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('Choose a password of at least 10 characters.').waitFor();
    await expectNoAxeViolations(page, 'portal invitation (with an error)');
    await shoot(page, 'invite-desktop');
    await acceptInvite(page, inviteUrl);
    // The used token has left the address.
    expect(page.url()).not.toContain('invite=');

    await page.getByRole('searchbox', { name: 'Search' }).fill(order.utr);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`q=${order.utr}`));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('link', { name: order.merchantOrderId }).waitFor();
    await expectNoAxeViolations(page, 'portal Orders');
    await shoot(page, 'orders-desktop');

    await page.getByRole('link', { name: order.merchantOrderId }).click();
    await page.getByText(`UTR ${order.utr} claimed by the payer`).waitFor();
    const attempts = page.locator('tr[data-kind="attempt"]');
    await expect.poll(() => attempts.count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'portal order');
    await shoot(page, 'order-desktop');
    const received = stack.site.callbacksFor(order.paymentUid).length;
    await page.getByRole('button', { name: 'Resend callback' }).click();
    await page.getByText('Callback queued again.').waitFor();
    await stack.site.waitForCallback(
      (fields) => fields.payment_uid === order.paymentUid && fields.payment_status === 'completed',
    );
    await expect.poll(() => stack.site.callbacksFor(order.paymentUid).length).toBe(received + 1);

    // Rotation without downtime: a second key, an order signed with it, then the old one revoked.
    const oldKey = stack.merchant.credentials.apiKey;
    await page.getByRole('link', { name: 'Keys', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Create a new key' }).click();
    const secret = page.locator('.secret-value');
    await expect.poll(() => secret.count()).toBe(2);
    const [apiKey = '', apiSecret = ''] = await secret.allTextContents();
    await expectNoAxeViolations(page, 'portal Keys (a new secret)');
    const rotated = new MerchantClient(stack.url, { merchantUid, apiKey, apiSecret });
    const created = await rotated.createOrder({
      transaction_type: 'income',
      amount: '10.00',
      payterm: 'UPI',
      accounting_type: 'receive',
      merchant_order_id: newOrderId('ROT'),
      redirect_url: stack.site.returnUrl('rotated'),
      notify_url: stack.site.notifyUrl,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: `Revoke ${oldKey}` }).click();
    await page.getByText(`Key ${oldKey} revoked`).waitFor();
    await shoot(page, 'keys-desktop');
    const refused = await stack.merchant.createOrder({
      transaction_type: 'income',
      amount: '10.00',
      payterm: 'UPI',
      accounting_type: 'receive',
      merchant_order_id: newOrderId('OLD'),
      redirect_url: stack.site.returnUrl('old'),
      notify_url: stack.site.notifyUrl,
    });
    expect(refused.status).toBe(401);

    for (const [link, heading, shot] of [
      ['Balance', 'Balance', 'balance-desktop'],
      ['Callbacks', 'Callbacks', 'callbacks-desktop'],
      ['Settings', 'Settings', 'settings-desktop'],
      ['Team', 'Team', 'team-desktop'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
      await expectNoAxeViolations(page, `portal ${heading}`);
      await shoot(page, shot);
    }
    await page.locator('#main').getByText(email).waitFor();

    // A test callback to the merchant's server: signed as real ones, its answer shown.
    await page.getByRole('link', { name: 'Callbacks', exact: true }).click();
    await page.getByLabel('Send to').fill(stack.site.notifyUrl);
    await page.getByRole('button', { name: 'Send test callback' }).click();
    await page.getByText(/^Acknowledged\. Answer 200 in \d+ ms/).waitFor();
    const test = await stack.site.waitForCallback((fields) => fields.test === 'true');
    expect(test.fields.merchant_uid).toBe(merchantUid);
    await expectNoAxeViolations(page, 'portal Callbacks (a test callback)');
    await shoot(page, 'callbacks-desktop');

    // The same user on a phone: signs in with the password, finds the order.
    const phone = await (await browser.phone()).newPage();
    await phone.goto(`${stack.url}/merchant/`);
    await phone.getByLabel('E-mail address').fill(email);
    await phone.getByLabel('Password').fill('not the password');
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByText('That e-mail address and password do not match.').waitFor();
    await expectNoAxeViolations(phone, 'portal sign-in (with an error)');
    await shoot(phone, 'sign-in-phone');
    await phone.getByLabel('Password').fill(PASSWORD);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await phone.getByRole('link', { name: order.merchantOrderId }).waitFor();
    await expectNoAxeViolations(phone, 'portal Orders on a phone');
    await shoot(phone, 'orders-phone');
    await phone.getByRole('link', { name: order.merchantOrderId }).click();
    await phone.getByText(`UTR ${order.utr} claimed by the payer`).waitFor();
    await shoot(phone, 'order-phone');
    // Nothing wider than the phone's screen: no sideways scrolling of the page.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Another merchant's user: the order does not exist for them.
    const other = await stack.operator.createMerchant({ ...MERCHANT, name: 'Other Tea', ...ownAccounts() });
    const otherPage = await (await browser.desktop()).newPage();
    await acceptInvite(
      otherPage,
      await invite(other.merchant_uid, `owner.${newOrderId('o').toLowerCase()}@othertea.in`),
    );
    await otherPage.goto(`${stack.url}/merchant/#/orders/${order.paymentUid}`);
    await otherPage.getByText('payment_uid: no such order').first().waitFor();
    const api = await otherPage.evaluate(
      async (uid) => (await fetch(`/merchant/api/orders/${uid}`)).status,
      order.paymentUid,
    );
    expect(api).toBe(404);
  });
});
