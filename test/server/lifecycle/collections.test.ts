import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expireDueOrders } from '../../../src/server/lifecycle/commands/expire-orders.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { json, type TestApp } from '../support/test-app.js';
import {
  balance,
  claim,
  count,
  createIncome,
  createLifecycleApp,
  credit,
  errorCode,
  freshUtr,
  orderRow,
  setStatus,
} from './support/lifecycle-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

/** A merchant of its own (and so a collection account of its own), so that balance checks are not disturbed by other tests. */
const merchant = () => t.addMerchant({ name: 'Collections merchant' });

/** A credit paid to the order's collection account, before or without a claim. */
const paidTo = async (paymentUid: string) => ({ payee: (await orderRow(t, paymentUid)).to_account });

async function postings(paymentUid: string): Promise<number> {
  return count(t, 'ledger_postings WHERE payment_uid = $1', [paymentUid]);
}

describe('a claim followed by the bank credit', () => {
  it('completes the order with the credited amount and UTR and credits the merchant', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key, { amount: '250.75' });
    const utr = freshUtr();

    const claimed = await claim(t, uid, utr);
    expect(claimed.status).toBe(200);
    expect((await json(claimed)).data).toEqual({
      payment_uid: uid,
      serial_number: utr,
      payment_status: 'processing',
    });
    expect(await balance(t, key)).toEqual({ available: 0, held: 0 });

    const credited = await credit(t, utr, '250.75', { payer_name: 'Ravi Kumar', ...(await paidTo(uid)) });
    expect(credited.status).toBe(201);
    expect((await json(credited)).data).toMatchObject({ outcome: 'completed', payment_uid: uid });

    const order = await orderRow(t, uid);
    expect(order).toMatchObject({
      payment_status: 'completed',
      final_amount: 25075,
      matched_utr: utr,
      accounting_status: 'accounted',
      payment_fail_reason: '',
    });
    expect(await balance(t, key)).toEqual({ available: 25075, held: 0 });
    expect(await postings(uid)).toBe(1);
    const [stored] = await queryRows(
      t.db,
      z.object({ payment_uid: z.string() }),
      'SELECT payment_uid FROM bank_credits WHERE utr = $1',
      [utr],
    );
    expect(stored?.payment_uid).toBe(uid);
  });

  it('shows the matched UTR to the merchant as serial_number', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key, { merchant_order_id: 'Q-1' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '100.00');
    const response = await t.signed(
      '/gateway/api/order/get',
      { merchant_order_id: 'Q-1', merchant_uid: key.merchant_uid },
      { key },
    );
    expect((await json(response)).data).toMatchObject({
      payment_status: 'completed',
      serial_number: utr,
      final_amount: '100.00',
      accounting_status: 'accounted',
    });
  });
});

describe('a bank credit that arrives before the claim', () => {
  it('waits, and the claim then completes the order at once', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key);
    const utr = freshUtr();

    const credited = await credit(t, utr, '100.00', await paidTo(uid));
    expect(credited.status).toBe(201);
    expect((await json(credited)).data).toMatchObject({ outcome: 'waiting' });
    expect((await orderRow(t, uid)).payment_status).toBe('pending');
    expect(await balance(t, key)).toEqual({ available: 0, held: 0 });

    const claimed = await claim(t, uid, utr);
    expect(claimed.status).toBe(200);
    expect((await json(claimed)).data.payment_status).toBe('completed');
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'completed', matched_utr: utr });
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });
});

describe('a late payment', () => {
  it('completes an order that already expired to overdue', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect(await expireDueOrders(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, uid)).payment_status).toBe('overdue');

    const utr = freshUtr();
    expect((await json(await claim(t, uid, utr))).data.payment_status).toBe('processing');
    expect((await json(await credit(t, utr, '100.00'))).data.outcome).toBe('completed');
    expect((await orderRow(t, uid)).payment_status).toBe('completed');
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('matches a credit that waited since before the order expired', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key);
    const utr = freshUtr();
    await credit(t, utr, '100.00', await paidTo(uid));
    t.clock.advance(16 * 60 * 1000);
    await expireDueOrders(t.db, t.clock.now());
    expect((await orderRow(t, uid)).payment_status).toBe('overdue');
    expect((await json(await claim(t, uid, utr))).data.payment_status).toBe('completed');
  });

  it('completes an order the operator had failed when the credit for its claimed UTR arrives', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key);
    const utr = freshUtr();
    await claim(t, uid, utr);
    expect((await setStatus(t, uid, 'failed', 'payer did not pay in time')).status).toBe(200);

    const credited = await credit(t, utr, '100.00');
    expect((await json(credited)).data).toMatchObject({ outcome: 'completed', payment_uid: uid });
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'completed', matched_utr: utr });
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('refuses the payer a claim on an order the operator failed, its own UTR too, until an operator reopens it', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key);
    const utr = freshUtr();
    await claim(t, uid, utr);
    await setStatus(t, uid, 'failed');
    for (const again of [utr, freshUtr()]) {
      const refused = await claim(t, uid, again);
      expect(refused.status).toBe(409);
      expect(await json(refused)).toMatchObject({
        data: { error: 'order_final', details: expect.stringMatching(/^payment_uid: .*contact the shop/) },
      });
    }
    expect((await orderRow(t, uid)).payment_status).toBe('failed');

    expect((await setStatus(t, uid, 'processing', 'payer showed the bank statement')).status).toBe(200);
    const reclaimed = await claim(t, uid, utr);
    expect(reclaimed.status).toBe(200);
    expect((await json(reclaimed)).data.payment_status).toBe('processing');
    await credit(t, utr, '100.00');
    expect((await orderRow(t, uid)).payment_status).toBe('completed');
  });

  it('lets only an operator reopen a failed order: not a pending one, not a completed one', async () => {
    const uid = await createIncome(t, await merchant());
    expect((await setStatus(t, uid, 'processing')).status).toBe(409);
    expect((await orderRow(t, uid)).payment_status).toBe('pending');
  });
});

describe('a credit of a different amount', () => {
  it('rejects the order, says what arrived, keeps the credit and credits nobody', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key, { amount: '100.00' });
    const utr = freshUtr();
    await claim(t, uid, utr);

    const credited = await credit(t, utr, '99.50');
    expect(credited.status).toBe(201);
    expect((await json(credited)).data).toMatchObject({ outcome: 'rejected', payment_uid: uid });

    const order = await orderRow(t, uid);
    expect(order.payment_status).toBe('reject');
    expect(order.payment_fail_reason).toContain('99.50');
    expect(order.final_amount).toBe(9950);
    expect(order.accounting_status).toBe('none');
    expect(await balance(t, key)).toEqual({ available: 0, held: 0 });
    expect(await postings(uid)).toBe(0);
    expect(await count(t, 'bank_credits WHERE utr = $1 AND amount = 9950', [utr])).toBe(1);
  });

  it('when the credit came first, refuses the claim and leaves the order open (credit-mismatch.test.ts)', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key, { amount: '100.00' });
    const utr = freshUtr();
    await credit(t, utr, '1000.00', await paidTo(uid));
    const refused = await claim(t, uid, utr);
    expect(refused.status).toBe(409);
    expect((await json(refused)).data).toMatchObject({ error: 'credit_mismatch', credit_amount: '1000.00' });
    expect((await orderRow(t, uid)).payment_status).toBe('pending');
  });
});

describe('the same credit posted twice', () => {
  it('is harmless: one posting, one credit to the merchant', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key);
    const utr = freshUtr();
    await claim(t, uid, utr);
    expect((await credit(t, utr, '100.00')).status).toBe(201);
    const again = await credit(t, utr, '100.00');
    expect(again.status).toBe(200);
    expect((await json(again)).data).toMatchObject({ outcome: 'duplicate', payment_uid: uid });
    expect(await postings(uid)).toBe(1);
    expect(await count(t, 'bank_credits WHERE utr = $1', [utr])).toBe(1);
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('is harmless when both copies arrive at once', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key);
    const utr = freshUtr();
    await claim(t, uid, utr);
    const answers = await Promise.all([credit(t, utr, '100.00'), credit(t, utr, '100.00')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(await postings(uid)).toBe(1);
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('refuses a different amount under a known UTR with 409', async () => {
    const key = await merchant();
    const uid = await createIncome(t, key);
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '100.00');
    const other = await credit(t, utr, '100.01');
    expect(other.status).toBe(409);
    expect(await errorCode(other)).toBe('utr_used');
    expect(await count(t, 'bank_credits WHERE utr = $1', [utr])).toBe(1);
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });
});

describe('one UTR claimed by two orders at once', () => {
  it('of one merchant and amount: both claims stand, contested, whichever commits first', async () => {
    for (let round = 0; round < 5; round++) {
      const [first, second] = await Promise.all([createIncome(t), createIncome(t)]);
      const utr = freshUtr();
      const answers = await Promise.all([claim(t, first, utr), claim(t, second, utr)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await count(t, 'utr_claims WHERE utr = $1 AND contested_at IS NOT NULL', [utr])).toBe(2);
    }
  });

  it('of one merchant and amount: the credit settles neither, for an operator to decide', async () => {
    const [first, second] = await Promise.all([createIncome(t), createIncome(t)]);
    const utr = freshUtr();
    await Promise.all([claim(t, first, utr), claim(t, second, utr)]);
    await credit(t, utr, '100.00');
    const statuses = [(await orderRow(t, first)).payment_status, (await orderRow(t, second)).payment_status];
    expect(statuses).toEqual(['processing', 'processing']);
    expect(await count(t, 'bank_credits WHERE utr = $1 AND payment_uid IS NULL', [utr])).toBe(1);
  });

  it('of other amounts: goes to exactly one of them; the other is told the UTR is used', async () => {
    for (let round = 0; round < 5; round++) {
      const [first, second] = await Promise.all([
        createIncome(t),
        createIncome(t, undefined, { amount: '101.00' }),
      ]);
      const utr = freshUtr();
      const answers = await Promise.all([claim(t, first, utr), claim(t, second, utr)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.status === 409);
      if (loser) expect(await errorCode(loser)).toBe('utr_used');
      expect(await count(t, 'utr_claims WHERE utr = $1', [utr])).toBe(1);
    }
  });
});

describe('a claim and its credit arriving at the same moment', () => {
  it('completes the order whichever commits first', async () => {
    const key = await merchant();
    const orders = await Promise.all(Array.from({ length: 8 }, () => createIncome(t, key)));
    const utrs = orders.map(() => freshUtr());
    const payee = await paidTo(orders[0] ?? '');
    await Promise.all(
      orders.flatMap((uid, i) => {
        const utr = utrs[i] ?? '';
        return i % 2 === 0
          ? [claim(t, uid, utr), credit(t, utr, '100.00', payee)]
          : [credit(t, utr, '100.00', payee), claim(t, uid, utr)];
      }),
    );
    for (const uid of orders) expect((await orderRow(t, uid)).payment_status).toBe('completed');
    expect(await balance(t, key)).toEqual({ available: orders.length * 10000, held: 0 });
  });
});

describe('UTRs per order', () => {
  it('takes five distinct UTRs and refuses a sixth with 422', async () => {
    const uid = await createIncome(t);
    const utrs = Array.from({ length: 6 }, () => freshUtr());
    for (const utr of utrs.slice(0, 5)) expect((await claim(t, uid, utr)).status).toBe(200);
    const sixth = await claim(t, uid, utrs[5] ?? '');
    expect(sixth.status).toBe(422);
    expect(await errorCode(sixth)).toBe('too_many_utrs');
    expect(await count(t, 'utr_claims WHERE payment_uid = $1', [uid])).toBe(5);
    // Claiming one of the five again is an idempotent retry, not a sixth UTR.
    expect((await claim(t, uid, utrs[0] ?? '')).status).toBe(200);
  });

  it('completes with whichever claimed UTR the bank credits; a later credit for another stays unmatched', async () => {
    const uid = await createIncome(t);
    const [first = '', second = ''] = [freshUtr(), freshUtr()];
    await claim(t, uid, first);
    await claim(t, uid, second);
    expect((await json(await credit(t, second, '100.00'))).data.outcome).toBe('completed');
    const late = await credit(t, first, '100.00');
    expect((await json(late)).data.outcome).toBe('waiting');
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'completed', matched_utr: second });
    const unmatched = await json(await t.operator('GET', '/operator/api/credits?unmatched=true'));
    expect(unmatched.data.map((row: { utr: string }) => row.utr)).toContain(first);
  });
});

describe('the ledger these flows leave', () => {
  it("is sound by the operators' ledger check", async () => {
    await expectSoundLedger(t.db);
  });
});
