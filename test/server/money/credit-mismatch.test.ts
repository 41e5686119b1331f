/**
 * A mistaken UTR does not end the order (docs/checkout.md, UTR capture): a claim of a bank credit
 * already known whose amount is not the order's is refused with 409 `credit_mismatch` and the
 * credit's amount, kept for operators, and the order stays open for the right UTR. A credit that
 * arrives after the claim with another amount still rejects the order, saying both amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claim,
  count,
  createIncome,
  createLifecycleApp,
  credit,
  freshUtr,
  orderRow,
} from '../lifecycle/support/lifecycle-fixture.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

/** A credit paid to the order's own collection account, with no claim yet (an earlier deposit). */
async function earlierDeposit(paymentUid: string, amount: string, payee?: string): Promise<string> {
  const utr = freshUtr();
  const to = payee ?? (await orderRow(t, paymentUid)).to_account;
  expect((await credit(t, utr, amount, { payee: to })).status).toBe(201);
  return utr;
}

describe('a claim of a known credit of another amount', () => {
  it('is refused with credit_mismatch and the amount, and the order stays open for the right UTR', async () => {
    const key = await t.addMerchant({ name: 'Mismatch shop' });
    const uid = await createIncome(t, key, { amount: '500.00' });
    const wrong = await earlierDeposit(uid, '499.00');

    const refused = await claim(t, uid, wrong);
    expect(refused.status).toBe(409);
    const body = await json(refused);
    expect(body.data).toMatchObject({ error: 'credit_mismatch', credit_amount: '499.00' });
    expect(body.data.details).toMatch(/^serial_number: .*499\.00/);
    expect((await orderRow(t, uid)).payment_status).toBe('pending');
    expect(await count(t, 'utr_claims WHERE utr = $1', [wrong])).toBe(0);

    const right = freshUtr();
    const claimed = await claim(t, uid, right);
    expect(claimed.status).toBe(200);
    expect((await json(claimed)).data.payment_status).toBe('processing');
    expect((await credit(t, right, '500.00')).status).toBe(201);
    const order = await orderRow(t, uid);
    expect(order.payment_status).toBe('completed');
    expect(order.matched_utr).toBe(right);
    // The ₹499 credit still waits, for an operator.
    expect(await count(t, 'bank_credits WHERE utr = $1 AND payment_uid IS NULL', [wrong])).toBe(1);
    await expectSoundLedger(t.db);
  });

  it('is kept for operators as a lost claim with the credit amount, counted per attempt', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '500.00' });
    const wrong = await earlierDeposit(uid, '750.00');
    expect((await claim(t, uid, wrong)).status).toBe(409);
    expect((await claim(t, uid, wrong)).status).toBe(409);

    const listed = await json(await t.operator('GET', `/operator/api/lost-claims?utr=${wrong}`));
    expect(listed.data).toEqual([
      expect.objectContaining({
        utr: wrong,
        reason: 'credit_mismatch',
        payment_uid: uid,
        other_payment_uid: null,
        credit_amount: '750.00',
        attempts: 2,
      }),
    ]);
  });

  it('is refused when the credit names no account too', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '500.00' });
    const wrong = await earlierDeposit(uid, '499.00', '');
    const refused = await claim(t, uid, wrong);
    expect(refused.status).toBe(409);
    expect((await json(refused)).data).toMatchObject({ error: 'credit_mismatch', credit_amount: '499.00' });
    expect((await orderRow(t, uid)).payment_status).toBe('pending');
  });

  it('of the exact amount still completes the order at once', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '321.00' });
    const utr = await earlierDeposit(uid, '321.00');
    const claimed = await claim(t, uid, utr);
    expect(claimed.status).toBe(200);
    expect((await json(claimed)).data.payment_status).toBe('completed');
  });
});

describe('a credit of another amount arriving after the claim', () => {
  it('rejects the order as before, saying both amounts', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '500.00' });
    const utr = freshUtr();
    expect((await claim(t, uid, utr)).status).toBe(200);
    const credited = await credit(t, utr, '499.00');
    expect((await json(credited)).data).toMatchObject({ outcome: 'rejected', payment_uid: uid });
    const order = await orderRow(t, uid);
    expect(order.payment_status).toBe('reject');
    expect(order.payment_fail_reason).toBe('amount mismatch: received 499.00 INR, expected 500.00 INR');
  });
});
