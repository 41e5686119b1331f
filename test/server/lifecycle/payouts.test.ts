import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutChannel } from '../../../src/server/channel/payout-channel.js';
import { sandboxChannel } from '../../../src/server/channel/sandbox-channel.js';
import { advancePayouts } from '../../../src/server/lifecycle/commands/advance-payouts.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { json, type TestApp } from '../support/test-app.js';
import {
  balance,
  count,
  createLifecycleApp,
  createPayout,
  errorCode,
  fund,
  orderRow,
  requestPayout,
  setStatus,
} from './support/lifecycle-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

async function fundedMerchant(amount: string): Promise<IssuedKey> {
  const key = await t.addMerchant({ name: 'Payout merchant' });
  await fund(t, key, amount);
  return key;
}

async function ledgerAnswer(key: IssuedKey) {
  const response = await t.signed(
    '/gateway/api/ledger/get_merchant_ledger',
    { merchant_uid: key.merchant_uid },
    { key },
  );
  expect(response.status).toBe(200);
  return (await json(response)).data;
}

/** Moves the payouts of this file along until the channel waits on all of them. */
async function settle(channel: PayoutChannel): Promise<void> {
  while ((await advancePayouts(t.db, channel, t.clock.now())) > 0) {
    // each pass takes every payout one step further
  }
}

describe('creating a payout', () => {
  it('holds the amount: available goes down, held goes up, accounting_status delivered', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '30.25');
    expect(await orderRow(t, uid)).toMatchObject({
      payment_status: 'pending',
      accounting_status: 'delivered',
      amount: 3025,
    });
    expect(await balance(t, key)).toEqual({ available: 6975, held: 3025 });
    expect(await ledgerAnswer(key)).toMatchObject({ inr: '69.75', inr_held: '30.25' });
    expect(await count(t, `ledger_postings WHERE payment_uid = $1 AND event = 'held'`, [uid])).toBe(1);
  });

  it('refuses more than the available balance with 422 and writes nothing', async () => {
    const key = await fundedMerchant('10.00');
    const response = await requestPayout(t, key, '10.01', { merchant_order_id: 'PO-TOO-MUCH' });
    expect(response.status).toBe(422);
    expect(await errorCode(response)).toBe('insufficient_balance');
    expect(
      await count(t, `orders WHERE merchant_uid = $1 AND merchant_order_id = 'PO-TOO-MUCH'`, [
        key.merchant_uid,
      ]),
    ).toBe(0);
    expect(
      await count(t, `orders WHERE merchant_uid = $1 AND transaction_type = 'expense'`, [key.merchant_uid]),
    ).toBe(0);
    expect(await balance(t, key)).toEqual({ available: 1000, held: 0 });
  });

  it('accepts exactly the available balance', async () => {
    const key = await fundedMerchant('10.00');
    await createPayout(t, key, '10.00');
    expect(await balance(t, key)).toEqual({ available: 0, held: 1000 });
    expect((await requestPayout(t, key, '1.00')).status).toBe(422);
  });

  it('lets only one of two payouts racing for the last rupees pass', async () => {
    const key = await fundedMerchant('100.00');
    const answers = await Promise.all([requestPayout(t, key, '60.00'), requestPayout(t, key, '60.00')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await balance(t, key)).toEqual({ available: 4000, held: 6000 });
  });

  it('lets exactly as many of ten racing payouts pass as the balance covers', async () => {
    const key = await fundedMerchant('100.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestPayout(t, key, '25.00')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 422)).toHaveLength(6);
    expect(await balance(t, key)).toEqual({ available: 0, held: 10000 });
    expect(
      await count(t, `orders WHERE merchant_uid = $1 AND transaction_type = 'expense'`, [key.merchant_uid]),
    ).toBe(4);
  });

  it('never overdraws while payouts are created and released at the same time', async () => {
    const key = await fundedMerchant('50.00');
    const first = await createPayout(t, key, '50.00');
    const answers = await Promise.all([
      setStatus(t, first, 'failed', 'bank down'),
      ...Array.from({ length: 6 }, () => requestPayout(t, key, '10.00')),
    ]);
    expect(answers[0]?.status).toBe(200);
    const passed = answers.slice(1).filter((answer) => answer.status === 200).length;
    const { available, held } = await balance(t, key);
    expect(available + held).toBe(5000);
    expect(held).toBe(passed * 1000);
    expect(available).toBeGreaterThanOrEqual(0);
  });
});

describe('the sandbox channel', () => {
  it('moves a payout to preparing and processing at once and completes it after the delay', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '40.00');
    const channel = sandboxChannel(30);

    await settle(channel);
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
    t.clock.advance(29_000);
    await settle(channel);
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
    expect(await balance(t, key)).toEqual({ available: 6000, held: 4000 });

    t.clock.advance(1_000);
    await settle(channel);
    expect(await orderRow(t, uid)).toMatchObject({
      payment_status: 'completed',
      accounting_status: 'accounted',
    });
    expect(await balance(t, key)).toEqual({ available: 6000, held: 0 });
    expect(await count(t, `ledger_postings WHERE payment_uid = $1 AND event = 'paid_out'`, [uid])).toBe(1);
    expect(await ledgerAnswer(key)).toMatchObject({ inr: '60.00', inr_held: '0.00' });
  });

  it('fails a payout to a payee named FAIL and releases the hold', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '40.00', { to_name: 'Please Fail Me' });
    await settle(sandboxChannel(0));
    const order = await orderRow(t, uid);
    expect(order.payment_status).toBe('failed');
    expect(order.payment_fail_reason).toMatch(/declined/);
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
    expect(await count(t, `ledger_postings WHERE payment_uid = $1 AND event = 'released'`, [uid])).toBe(1);
  });

  it('rejects a payout to a payee named REJECT and releases the hold', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '40.00', { to_name: 'REJECT Test' });
    await settle(sandboxChannel(0));
    expect((await orderRow(t, uid)).payment_status).toBe('reject');
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('does not apply a step when the payout changed while the channel was asked', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '40.00');
    const meddling: PayoutChannel = {
      name: 'meddling',
      async next(order) {
        if (order.payment_uid === uid) await setStatus(t, uid, 'failed', 'operator was faster');
        return { kind: 'advance', to: 'preparing' };
      },
    };
    await advancePayouts(t.db, meddling, t.clock.now());
    const order = await orderRow(t, uid);
    expect(order).toMatchObject({ payment_status: 'failed', payment_fail_reason: 'operator was faster' });
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('moves each payout once when two workers advance at the same time', async () => {
    const key = await fundedMerchant('100.00');
    const uids = await Promise.all(Array.from({ length: 5 }, () => createPayout(t, key, '10.00')));
    const channel = sandboxChannel(0);
    for (let round = 0; round < 4; round++) {
      await Promise.all([
        advancePayouts(t.db, channel, t.clock.now()),
        advancePayouts(t.db, channel, t.clock.now()),
      ]);
    }
    for (const uid of uids) {
      expect((await orderRow(t, uid)).payment_status).toBe('completed');
      expect(await count(t, 'order_events WHERE payment_uid = $1', [uid])).toBe(4);
    }
    expect(await balance(t, key)).toEqual({ available: 5000, held: 0 });
  });
});

describe('the operator setting a payout outcome', () => {
  it('completes a pending payout through preparing and processing', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '20.00');
    const response = await setStatus(t, uid, 'completed');
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({
      payment_status: 'completed',
      accounting_status: 'accounted',
    });
    expect(await balance(t, key)).toEqual({ available: 8000, held: 0 });
  });

  it('fails a payout with the reason given and restores the available balance', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '20.00');
    await setStatus(t, uid, 'processing');
    const response = await setStatus(t, uid, 'failed', 'beneficiary account closed');
    expect((await json(response)).data).toMatchObject({
      payment_status: 'failed',
      payment_fail_reason: 'beneficiary account closed',
    });
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('rejects a payout and restores the available balance', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '20.00');
    expect((await setStatus(t, uid, 'reject', 'invalid IFSC')).status).toBe(200);
    expect((await orderRow(t, uid)).payment_status).toBe('reject');
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('refuses to change a completed payout with 409 and leaves the money where it is', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '20.00');
    await setStatus(t, uid, 'completed');
    const response = await setStatus(t, uid, 'failed');
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('invalid_transition');
    expect(await balance(t, key)).toEqual({ available: 8000, held: 0 });
  });

  it('refuses to take a failed payout out again', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '20.00');
    await setStatus(t, uid, 'failed');
    expect((await setStatus(t, uid, 'completed')).status).toBe(409);
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('refuses a status the operator may not set with 400', async () => {
    const key = await fundedMerchant('100.00');
    const uid = await createPayout(t, key, '20.00');
    expect((await setStatus(t, uid, 'overdue')).status).toBe(400);
    expect((await setStatus(t, uid, 'pending')).status).toBe(400);
  });
});

describe('payouts waiting on the bank', () => {
  it('do not starve new payouts when a pass takes fewer payouts than are open', async () => {
    const slow = sandboxChannel(3600);
    const key = await fundedMerchant('100.00');
    const waiting = [await createPayout(t, key, '1.00'), await createPayout(t, key, '1.00')];
    await settle(slow);
    for (const uid of waiting) expect((await orderRow(t, uid)).payment_status).toBe('processing');
    t.clock.advance(1000);
    const fresh = await createPayout(t, key, '1.00');
    await advancePayouts(t.db, slow, t.clock.now(), 1);
    expect((await orderRow(t, fresh)).payment_status).toBe('preparing');
  });
});

describe('the ledger these flows leave', () => {
  it("is sound by the operators' ledger check", async () => {
    await expectSoundLedger(t.db);
  });
});
