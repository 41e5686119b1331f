/**
 * Suspense and the ledger check, on the store under test: money that completed no order sits in
 * the suspense account of the collection account it was paid to; `npm run operator -- ledger:check`
 * (run in-process against the app) exits 0 on the ledger the flows leave and 1 on a difference
 * made by hand, naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { availableAccount, suspenseAccount } from '../../../src/server/ledger/ledger-accounts.js';
import { type CliOutcome, runCli } from '../../../src/server/operator/cli-commands.js';
import { queryRows } from '../../../src/server/store/rows.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  createPayout,
  credit,
  freshUtr,
  fund,
  orderRow,
  setStatus,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

function ledgerCheck(): Promise<CliOutcome> {
  return runCli(['ledger:check'], {
    env: { SERVICE_URL: 'http://gateway.test/', OPERATOR_TOKEN },
    fetch: async (input, init) => t.app.request(String(input), init),
  });
}

/** The differences the check reported, by check name. */
function differences(outcome: CliOutcome): Record<string, string[]> {
  const answer = outcome.answer as { data: { checks: { name: string; differences: string[] }[] } };
  return Object.fromEntries(
    answer.data.checks.filter((c) => c.differences.length > 0).map((c) => [c.name, c.differences]),
  );
}

async function balanceOfAccount(id: string): Promise<number | undefined> {
  const [row] = await queryRows(
    t.db,
    z.object({ balance: z.number() }),
    'SELECT balance FROM ledger_accounts WHERE id = $1',
    [id],
  );
  return row?.balance;
}

describe('suspense', () => {
  it('holds per collection account the credits that completed no order, until one does', async () => {
    const key = await t.addMerchant({ name: 'Suspense merchant' });
    const uid = await createIncome(t, key, { amount: '40.00' });
    const account = (await orderRow(t, uid)).to_account;
    const suspense = suspenseAccount(account);
    const stranger = suspenseAccount('Stranger@OKSBI');

    // Paid to the merchant's account before any claim: it waits in that account's suspense.
    const early = freshUtr();
    expect((await credit(t, early, '40.00', { payee: account })).status).toBe(201);
    expect(await balanceOfAccount(suspense)).toBe(4000);
    // Paid to an account that is no merchant's: its own suspense account, in lower case.
    expect((await credit(t, freshUtr(), '15.00', { payee: 'stranger@oksbi' })).status).toBe(201);
    expect(await balanceOfAccount(stranger)).toBe(1500);
    // Another amount than the order's: the order is rejected, the money stays in suspense.
    const short = await createIncome(t, key, { amount: '60.00' });
    const shortUtr = freshUtr();
    expect((await claim(t, short, shortUtr)).status).toBe(200);
    expect((await credit(t, shortUtr, '59.00')).status).toBe(201);
    expect((await orderRow(t, short)).payment_status).toBe('reject');
    expect(await balanceOfAccount(suspense)).toBe(4000 + 5900);

    // The payer's claim completes the order: the money leaves suspense for the merchant.
    expect((await claim(t, uid, early)).status).toBe(200);
    expect((await orderRow(t, uid)).payment_status).toBe('completed');
    expect(await balanceOfAccount(suspense)).toBe(5900);
    expect(await balanceOfAccount(availableAccount(key.merchant_uid))).toBe(4000);
  });
});

describe('the ledger check', () => {
  it('passes after collections, payouts and their failures, and exits 0', async () => {
    const key = await t.addMerchant({ name: 'Checked merchant' });
    await fund(t, key, '500.00');
    await setStatus(t, await createPayout(t, key, '120.00'), 'completed');
    await setStatus(t, await createPayout(t, key, '80.00'), 'failed');
    await createPayout(t, key, '30.00');
    const outcome = await ledgerCheck();
    expect(differences(outcome)).toEqual({});
    expect(outcome.exitCode).toBe(0);
    expect(outcome.answer).toMatchObject({ result: 'success', data: { ok: true } });
  });

  it('fails, naming it, on a balance changed by hand, and passes again once it is put back', async () => {
    const key = await t.addMerchant({ name: 'Tampered merchant' });
    await fund(t, key, '75.00');
    const available = availableAccount(key.merchant_uid);
    await t.db.query('UPDATE ledger_accounts SET balance = balance + 100 WHERE id = $1', [available]);
    const tampered = await ledgerCheck();
    expect(tampered.exitCode).toBe(1);
    expect(differences(tampered)).toMatchObject({
      accounts_match_entries: [`${available}: balance 76.00, entries 75.00`],
      merchants_match_orders: [`merchant ${key.merchant_uid} available: ledger 76.00, orders 75.00`],
    });
    await t.db.query('UPDATE ledger_accounts SET balance = balance - 100 WHERE id = $1', [available]);
    expect((await ledgerCheck()).exitCode).toBe(0);
  });

  it('fails on a bank credit the ledger never received', async () => {
    const utr = freshUtr();
    await t.db.query(
      `INSERT INTO bank_credits (utr, amount, payee, payer_name, credited_at, source, created_at, evidence)
       VALUES ($1, 1000, 'ghost@okaxis', 'Nobody', now(), 'operator', now(), 'manual')`,
      [utr],
    );
    const outcome = await ledgerCheck();
    expect(outcome.exitCode).toBe(1);
    const found = differences(outcome);
    expect(found.collection_accounts_match_credits).toEqual([
      'suspense:ghost@okaxis: credits 10.00, received 0.00; unsettled credits 10.00, in suspense 0.00',
    ]);
    expect(found.credits_posted).toEqual([expect.stringContaining(`UTR ${utr}): 0 received postings`)]);
    const answer = await t.operator('GET', '/operator/api/ledger/check');
    expect((await json(answer)).data.ok).toBe(false);
  });
});
