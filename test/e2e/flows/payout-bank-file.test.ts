/**
 * Flow: a payout by bank file. The merchant's payout waits for a batch; in the console one
 * operator prepares the batch, a second approves it (the first cannot) and downloads the file;
 * it is marked uploaded; the account's statement, imported, carries the debit with our reference
 * and completes the payout. The merchant is called back, last as completed with the bank's UTR.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signInToConsole } from '../support/console-page.js';
import { newOrderId, newUtr } from '../support/merchant-client.js';
import { claimUtr, createCollection } from '../support/orders.js';
import { expectNoAxeViolations } from '../support/page-checks.js';
import { storeKind, useStack } from '../support/stack.js';

const stack = useStack();
const browser = useBrowser();

const signIn = (page: Page, url: string, token: string) =>
  signInToConsole(page, url, token, { hash: '#/payouts', heading: 'Payouts' });

describe(`Payout by bank file (${storeKind()})`, () => {
  test('two operators batch, approve and download it; the statement completes it; the merchant is called back', async () => {
    const funding = await createCollection(stack, { amount: '3000.00', prefix: 'FUND' });
    const utr = newUtr();
    expect((await claimUtr(stack.url, funding.paymentUid, utr)).status).toBe(200);
    await stack.operator.postCredit({ utr, amount: '3000.00' });
    const merchantUid = stack.merchant.credentials.merchantUid;
    const set = await stack.operator.request('PATCH', `/merchants/${merchantUid}`, {
      payout_channel: 'bank_file',
    });
    expect(set.status).toBe(200);

    const merchantOrderId = newOrderId('BANKFILE');
    const created = await stack.merchant.createOrder({
      transaction_type: 'expense',
      amount: '1499.50',
      payterm: 'IMPS',
      accounting_type: 'pay',
      merchant_order_id: merchantOrderId,
      to: '918020034567812',
      to_name: 'José Fernandes',
      to_bank_name: 'SBIN0011513',
      notify_url: stack.site.notifyUrl,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paymentUid = created.body.data.payment.payment_uid as string;

    const suffix = String(Date.now() % 1_000_000);
    const tokens: Record<string, string> = {};
    for (const name of [`asha${suffix}`, `ravi${suffix}`]) {
      const answer = await stack.operator.request<{ token: string }>('POST', '/operators', { name });
      expect(answer.status).toBe(201);
      tokens[name] = answer.data.token;
    }

    // The first operator prepares the account's batch.
    const first = await (await browser.desktop()).newPage();
    await signIn(first, stack.url, tokens[`asha${suffix}`] ?? '');
    const form = first.getByRole('form', {
      name: `Prepare a batch for account ${stack.accounts.imps_account}`,
    });
    await form.getByLabel('Note').fill('evening run');
    await form.getByRole('button', { name: 'Prepare batch' }).click();
    await first.getByRole('heading', { level: 1, name: /Payout batch PB/ }).waitFor();
    await first.getByText('You prepared this batch: another operator must approve it.').waitFor();
    await expectNoAxeViolations(first, 'console payout batch');
    const batchUrl = first.url();
    const reference = (await first.locator('tbody tr td a.mono').first().innerText()).trim();
    expect(reference).toMatch(/^PO[0-9A-F]{13}$/);

    // A second operator approves it, downloads the file and marks it uploaded.
    const second = await (await browser.desktop()).newPage();
    await signIn(second, stack.url, tokens[`ravi${suffix}`] ?? '');
    await second.goto(batchUrl);
    await second.getByRole('button', { name: 'Approve batch' }).click();
    await second.getByRole('button', { name: 'Mark uploaded' }).waitFor();
    const [download] = await Promise.all([
      second.waitForEvent('download'),
      second.getByRole('link', { name: 'Download file' }).click(),
    ]);
    const file = await readFile((await download.path()) ?? '', 'utf8');
    expect(file).toContain(reference);
    expect(file).toContain('Jose Fernandes');
    expect(file).toContain('1499.50');
    await second.getByRole('button', { name: 'Mark uploaded' }).click();
    await second.getByText('uploaded').first().waitFor();

    // The account's statement shows the debit with our reference and the bank's UTR.
    const bankUtr = newUtr();
    const statement = [
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      `25/11/26,IMPS-${bankUtr}-JOSE FERNANDES-SBIN-XXXXXXX7812-${reference},0000${bankUtr},25/11/26,"1,499.50",,"1,500.50"`,
    ].join('\n');
    const imported = await stack.operator.importStatement(statement, 'profile=hdfc');
    expect(imported.status).toBe(200);
    expect(imported.data.results).toEqual([
      expect.objectContaining({ outcome: 'payout_completed', payment_uid: paymentUid }),
    ]);

    const completed = await stack.site.waitForCallback(
      (fields) => fields.payment_uid === paymentUid && fields.payment_status === 'completed',
    );
    expect(completed.signedKeepingEmpties && completed.signedSkippingEmpties).toBe(true);
    expect(completed.fields).toMatchObject({
      serial_number: bankUtr,
      amount: '1499.50',
      transaction_type: 'expense',
    });
    // A callback carries the order's status when it is sent: a step passed quickly may be skipped
    // (docs/callbacks.md), so only the final one is certain.
    const statuses = stack.site.callbacksFor(paymentUid).map((callback) => callback.fields.payment_status);
    for (const status of statuses) expect(['preparing', 'processing', 'completed']).toContain(status);

    await second.reload();
    await second.getByText(bankUtr).waitFor();
  });
});
