/**
 * A contested claim resolved from the console's Needs attention (docs/money-controls.md, Contested
 * claims), on a service with DUAL_CONTROL=on: a thief claims the payer's UTR for an order of the
 * same shop and amount, then the payer claims it on the checkout page, which keeps checking; the
 * credit arrives and completes neither. An operator opens the case from Needs attention, reads both
 * claims side by side and resolves it for the payer's order; a second operator approves, and the
 * payer's page shows the payment received while the thief's order stays unpaid. axe-core audits it.
 */
import { describe, expect, inject, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signInToConsole } from '../support/console-page.js';
import { newUtr } from '../support/merchant-client.js';
import { OperatorClient } from '../support/operator-client.js';
import { claimUtr, createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack('dual');
const browser = useBrowser();

describe(`a contested claim in the console (${storeKind()})`, () => {
  test("resolved from Needs attention and approved by a second operator, it completes only the payer's order", async () => {
    const payerOrder = await createCollection(stack, { amount: '1840.00' });
    const thiefOrder = await createCollection(stack, { amount: '1840.00' });
    const utr = newUtr();
    expect((await claimUtr(stack.url, thiefOrder.paymentUid, utr)).status).toBe(200);

    const phone = await browser.phone();
    const payer = await phone.newPage();
    await payer.goto(payerOrder.paymentUrl);
    await payer.getByLabel('UTR (12-digit reference number)').fill(utr);
    await payer.getByRole('button', { name: 'Confirm payment' }).click();
    await payer.getByRole('heading', { level: 1, name: 'Checking your payment' }).waitFor();

    // The bank credit arrives (posted by Meera, approved by root): it completes neither order. The
    // stack is the dual-control flow's too, which adds its own operator: each flow names another.
    const added = await stack.operator.request<{ token: string }>('POST', '/operators', { name: 'meera' });
    expect(added.status).toBe(201);
    const meera = new OperatorClient(stack.url, added.data.token);
    const posted = await meera.request<{ approval_id: string }>('POST', '/credits', {
      utr,
      amount: '1840.00',
      payee: stack.accounts.upi_vpa,
    });
    expect(posted.status).toBe(202);
    const approved = await stack.operator.request(
      'POST',
      `/approvals/${posted.data.approval_id}/approve`,
      {},
    );
    expect(approved.status).toBe(200);
    for (const order of [payerOrder, thiefOrder]) {
      const read = await stack.operator.request<{ payment_status: string }>(
        'GET',
        `/orders/${order.paymentUid}`,
      );
      expect(read.data.payment_status).toBe('processing');
    }

    // Root opens the case from Needs attention and resolves it for the payer's order.
    const desktop = await browser.desktop();
    const page = await desktop.newPage();
    await signInToConsole(page, stack.url, inject('e2eServices').dual?.operatorToken ?? '');
    // The screens' navigation: Today's own "Needs attention" count links there too once it loads.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Needs attention' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();
    await page.getByRole('link', { name: /^Contested claims \(\d+\)$/ }).click();
    const card = page.getByRole('listitem').filter({ hasText: utr });
    await card.getByText(/claimed by 2 orders/).waitFor();
    await card.getByRole('button', { name: `Resolve UTR ${utr}` }).click();
    const dialog = page.getByRole('dialog', { name: `Contested UTR ${utr}` });
    await dialog.getByRole('link', { name: payerOrder.merchantOrderId }).waitFor();
    await dialog.getByRole('link', { name: thiefOrder.merchantOrderId }).waitFor();
    await expectNoAxeViolations(page, 'console contested claim');
    await dialog.getByRole('radio', { name: `Keep for ${payerOrder.merchantOrderId}` }).check();
    await dialog
      .getByLabel('Note')
      .fill('payer sent the bank receipt; the other claim came from a new device');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    // Under dual control the resolution is a proposal: nothing moved yet.
    await dialog.getByText(/Proposed for approval/).waitFor();

    const proposals = await meera.request<{ approval_id: string; action: string; subject: string }[]>(
      'GET',
      '/approvals?state=awaiting_approval',
    );
    const proposal = proposals.data.find(
      (row) => row.action === 'claim.resolve' && row.subject === `utr:${utr}`,
    );
    expect(proposal).toBeDefined();
    const decided = await meera.request('POST', `/approvals/${proposal?.approval_id}/approve`, {
      note: 'receipt seen',
    });
    expect(decided.status).toBe(200);

    await payer.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    const thief = await stack.operator.request<{ payment_status: string }>(
      'GET',
      `/orders/${thiefOrder.paymentUid}`,
    );
    expect(thief.data.payment_status).toBe('processing');
    const check = await stack.operator.request<{ ok: boolean }>('GET', '/ledger/check');
    expect(check.data.ok).toBe(true);
  });
});
