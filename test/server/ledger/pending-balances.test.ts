/**
 * Settled and pending balances, through the real interfaces on the store under test: a collection
 * completed by a credit known only from a bank's SMS credits the merchant's pending balance; a
 * statement line with the same UTR, amount and account makes it available; one with another
 * amount or account freezes it and lists the case; the hold ends by the injected clock through the
 * background work; payouts spend the available balance only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearHeldCredits } from '../../../src/server/credits/commands/clear-held-credits.js';
import { FrozenCreditSchema } from '../../../src/server/credits/frozen-credits-api.js';
import { pendingAccount } from '../../../src/server/ledger/ledger-accounts.js';
import { checkLedger } from '../../../src/server/ledger/ledger-check.js';
import { createBackgroundWork } from '../../../src/server/lifecycle/background-work.js';
import { silentLogger } from '../../../src/server/log.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { createSource, forwardSms, hdfcCredit } from '../credits/credit-support.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  freshUtr,
  orderRow,
  requestPayout,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';

const HOLD_HOURS = 24;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createLifecycleApp({ UNCONFIRMED_CREDIT_HOLD_HOURS: String(HOLD_HOURS) });
  token = (await createSource(t, t.merchant)).ingest_token ?? '';
});
afterAll(async () => {
  await t.close();
});

/** The merchant's balance answer, as its client reads it. */
async function balance(key: IssuedKey = t.merchant) {
  const response = await t.signed(
    '/gateway/api/ledger/get_merchant_ledger',
    { merchant_uid: key.merchant_uid },
    { key },
  );
  expect(response.status).toBe(200);
  const { inr, inr_held, inr_pending, inr_frozen } = (await json(response)).data;
  return { inr, inr_held, inr_pending, inr_frozen };
}

/** A collection the payer claimed and the counter phone's SMS paid: completed, its money pending. */
async function paidBySms(amount: string): Promise<{ uid: string; utr: string }> {
  const uid = await createIncome(t, t.merchant, { amount });
  const utr = freshUtr();
  expect((await claim(t, uid, utr)).status).toBe(200);
  const forwarded = await forwardSms(t, token, {
    from: 'VM-HDFCBK',
    message: hdfcCredit(utr, amount),
    timestamp: '2026-01-15T10:00:00Z',
  });
  expect((await json(forwarded)).data).toMatchObject({ outcome: 'credit' });
  expect((await orderRow(t, uid)).payment_status).toBe('completed');
  return { uid, utr };
}

/** A statement in the generic CSV layout, imported without a source (the lines name the payee). */
async function importStatement(lines: readonly (readonly [utr: string, amount: string, payee: string])[]) {
  const csv = ['utr,amount,payee,payer_name,credited_at']
    .concat(lines.map(([utr, amount, payee]) => `${utr},${amount},${payee},Ravi Kumar,2026-01-15`))
    .join('\n');
  const response = await t.app.request('/operator/api/credits/import?profile=generic', {
    method: 'POST',
    headers: { Authorization: `Bearer ${OPERATOR_TOKEN}`, 'Content-Type': 'text/csv' },
    body: csv,
  });
  expect(response.status).toBe(200);
  return (await json(response)).data.results as Record<string, unknown>[];
}

async function frozenCases() {
  const response = await t.operator('GET', '/operator/api/credits/frozen');
  expect(response.status).toBe(200);
  return z.array(FrozenCreditSchema).parse((await json(response)).data);
}

async function postingsOf(uid: string): Promise<string[]> {
  const rows = await queryRows(
    t.db,
    z.object({ event: z.string() }),
    'SELECT event FROM ledger_postings WHERE payment_uid = $1 ORDER BY id',
    [uid],
  );
  return rows.map((row) => row.event);
}

const VPA = 'chaipoint@okaxis';

describe('a collection paid by a credit known only from an SMS', () => {
  it('credits the pending balance, and a payout beyond the available balance is refused', async () => {
    const before = await balance();
    await paidBySms('700.00');
    const after = await balance();
    expect(Number(after.inr_pending) - Number(before.inr_pending)).toBe(700);
    expect(after.inr).toBe(before.inr);

    // Within available + pending, beyond available: refused as today, nothing held.
    const available = Number(after.inr);
    const refused = await requestPayout(t, t.merchant, (available + 100).toFixed(2));
    expect(refused.status).toBe(422);
    expect((await json(refused)).data.error).toBe('insufficient_balance');
    expect(await balance()).toEqual(after);
  });

  it('becomes available when a statement line gives the same UTR, amount and account', async () => {
    const { uid, utr } = await paidBySms('250.00');
    const before = await balance();
    const [line] = await importStatement([[utr, '250.00', VPA]]);
    expect(line).toMatchObject({ utr, outcome: 'confirmed', payment_uid: uid });
    const after = await balance();
    expect(Number(before.inr_pending) - Number(after.inr_pending)).toBe(250);
    expect(Number(after.inr) - Number(before.inr)).toBe(250);
    expect(await postingsOf(uid)).toEqual(['collected', 'cleared']);

    // The money is now spendable: a payout of it passes.
    expect((await requestPayout(t, t.merchant, after.inr)).status).toBe(200);
    // The same line again confirms nothing twice.
    expect((await importStatement([[utr, '250.00', VPA]]))[0]).toMatchObject({ outcome: 'duplicate' });
    expect(await postingsOf(uid)).toEqual(['collected', 'cleared']);
  });

  it('is frozen and listed when a statement line gives its UTR with another amount', async () => {
    const { uid, utr } = await paidBySms('310.00');
    const before = await balance();
    const [line] = await importStatement([[utr, '31.00', VPA]]);
    expect(line).toMatchObject({ utr, outcome: 'frozen', payment_uid: uid });
    const after = await balance();
    expect(Number(before.inr_pending) - Number(after.inr_pending)).toBe(310);
    expect(Number(after.inr_frozen) - Number(before.inr_frozen)).toBe(310);
    expect(after.inr).toBe(before.inr);
    expect(await postingsOf(uid)).toEqual(['collected', 'frozen']);
    expect((await frozenCases()).find((c) => c.utr === utr)).toMatchObject({
      amount: '310.00',
      statement_amount: '31.00',
      statement_payee: VPA,
      evidence: 'sms',
      hold: 'frozen',
      merchant_uid: t.merchant.merchant_uid,
      payment_uid: uid,
      payment_status: 'completed',
    });

    // The end of the hold does not release frozen money.
    t.clock.advance((HOLD_HOURS + 1) * 3_600_000);
    await clearHeldCredits(t, HOLD_HOURS * 3600);
    expect((await balance()).inr_frozen).toBe(after.inr_frozen);
    expect(await postingsOf(uid)).toEqual(['collected', 'frozen']);
  });

  it('is frozen when a statement line gives its UTR paid to another account, and then settles nothing', async () => {
    // The text arrives before the payer's claim: the credit waits, unmatched.
    const utr = freshUtr();
    await forwardSms(t, token, { from: 'VM-HDFCBK', message: hdfcCredit(utr, '90.00') });
    const [line] = await importStatement([[utr, '90.00', 'someone.else@okhdfc']]);
    expect(line).toMatchObject({ utr, outcome: 'frozen', payment_uid: null });
    expect((await frozenCases()).find((c) => c.utr === utr)).toMatchObject({
      hold: 'frozen',
      statement_payee: 'someone.else@okhdfc',
      payment_uid: null,
    });

    // The operators' list of credits shows it as a conflict, with the reason.
    const listed = await json(await t.operator('GET', `/operator/api/credits?utr=${utr}`));
    expect(listed.data).toEqual([
      expect.objectContaining({ utr, state: 'conflict', reason: expect.stringContaining('frozen: ') }),
    ]);
    // A payer claiming it later does not complete the order with it.
    const uid = await createIncome(t, t.merchant, { amount: '90.00' });
    expect((await claim(t, uid, utr)).status).toBe(200);
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
    expect(await postingsOf(uid)).toEqual([]);
  });

  it('becomes available when its hold ends, by the clock, through the background work', async () => {
    const work = createBackgroundWork({
      db: t.db,
      clock: t.clock,
      log: silentLogger,
      channel: undefined,
      clearHeldCredits: () => clearHeldCredits(t, HOLD_HOURS * 3600),
    });
    const { uid } = await paidBySms('120.00');
    const before = await balance();

    t.clock.advance((HOLD_HOURS - 1) * 3_600_000);
    await work.runOnce();
    expect(await balance()).toEqual(before);

    t.clock.advance(3_600_000);
    expect((await work.runOnce()).cleared).toBe(1);
    const after = await balance();
    expect(Number(before.inr_pending) - Number(after.inr_pending)).toBe(120);
    expect(Number(after.inr) - Number(before.inr)).toBe(120);
    expect(await postingsOf(uid)).toEqual(['collected', 'cleared']);
    const [account] = await queryRows(
      t.db,
      z.object({ balance: z.number() }),
      'SELECT balance FROM ledger_accounts WHERE id = $1',
      [pendingAccount(t.merchant.merchant_uid)],
    );
    expect(account?.balance).toBe(Math.round(Number(after.inr_pending) * 100));
    // Nothing is cleared twice.
    expect((await work.runOnce()).cleared).toBe(0);
  });

  it('leaves a ledger the check finds sound', async () => {
    const check = await checkLedger(t.db);
    expect(check.checks.flatMap((c) => c.differences)).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
