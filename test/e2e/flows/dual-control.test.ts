/**
 * Dual control in the operator console: on a service with DUAL_CONTROL=on, a payer claims a UTR on
 * the checkout page, one operator proposes the bank credit by hand (nothing moves: the payer still
 * waits), and a second operator approves it in the console's Approvals screen after reading what it
 * will do. The credit completes the payer's order: the payer's page shows success and the merchant
 * gets its callback. axe-core audits the screen.
 */
import { describe, expect, inject, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signInToConsole } from '../support/console-page.js';
import { newUtr } from '../support/merchant-client.js';
import { OperatorClient } from '../support/operator-client.js';
import { createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack('dual');
const browser = useBrowser();

describe(`an approval in the console (${storeKind()})`, () => {
  test("a credit one operator proposed, approved by a second in the console, completes the payer's order", async () => {
    const order = await createCollection(stack, { amount: '2750.00' });
    const utr = newUtr();

    const phone = await browser.phone();
    const payer = await phone.newPage();
    await payer.goto(order.paymentUrl);
    await payer.getByLabel('UTR (12-digit reference number)').fill(utr);
    await expect.poll(() => payer.getByText('Looks right: 12 digits.').isVisible()).toBe(true);
    await payer.getByRole('button', { name: 'Confirm payment' }).click();
    await payer.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();

    // Asha, a named operator, posts the credit she saw on the bank's portal: a proposal only.
    const added = await stack.operator.request<{ token: string }>('POST', '/operators', { name: 'asha' });
    expect(added.status).toBe(201);
    const asha = new OperatorClient(stack.url, added.data.token);
    const proposed = await asha.request<{ approval_id: string; state: string; summary: string }>(
      'POST',
      '/credits',
      { utr, amount: '2750.00', payee: stack.accounts.upi_vpa, note: 'seen on the bank portal' },
    );
    expect(proposed.status).toBe(202);
    expect(proposed.data.state).toBe('awaiting_approval');
    const approvalId = proposed.data.approval_id;
    const claimed = await stack.operator.request<{ payment_status: string }>(
      'GET',
      `/orders/${order.paymentUid}`,
    );
    expect(claimed.data.payment_status).toBe('processing');

    // The second operator (root) reads what it will do in the console and approves it.
    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    await signInToConsole(page, stack.url, inject('e2eServices').dual?.operatorToken ?? '');
    await page.getByRole('link', { name: 'Approvals', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    const card = page.getByRole('region', {
      name: new RegExp(`#${approvalId} Post a bank credit of ₹2750.00`),
    });
    await card.waitFor();
    await card.getByText('Proposed by').waitFor();
    expect(await card.getByText('asha', { exact: true }).count()).toBeGreaterThan(0);
    expect(await card.getByText(order.paymentUid, { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page, 'console Approvals');
    await card.getByRole('button', { name: 'Approve' }).click();
    // Approved, it leaves the queue.
    await expect
      .poll(() => page.getByRole('region', { name: new RegExp(`#${approvalId} `) }).count())
      .toBe(0);

    await payer.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await stack.site.waitForCallback(
      (fields) => fields.payment_uid === order.paymentUid && fields.payment_status === 'completed',
    );
    const audit = await stack.operator.request<{ actor: string; after: { proposed_by: string } }[]>(
      'GET',
      `/audit?subject=approval:${approvalId}&action=approval.approve`,
    );
    expect(audit.data[0]).toMatchObject({ actor: 'root', after: { proposed_by: 'asha' } });
  });
});
