import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDueOrders } from '../../../src/server/lifecycle/commands/expire-orders.js';
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
} from '../lifecycle/support/lifecycle-fixture.js';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

describe('the operator setting a collection status', () => {
  it('refunds an overdue order without moving the merchant balance and queues a callback', async () => {
    const key = await t.addMerchant({ name: 'Refunding merchant' });
    const uid = await createIncome(t, key);
    t.clock.advance(15 * 60 * 1000);
    await expireDueOrders(t.db, t.clock.now());
    const response = await setStatus(t, uid, 'refund', 'paid after expiry, returned');
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({
      payment_uid: uid,
      payment_status: 'refund',
      payment_fail_reason: 'paid after expiry, returned',
    });
    expect(await balance(t, key)).toEqual({ available: 0, held: 0 });
    expect(await count(t, `outbox WHERE payment_uid = $1 AND payment_status = 'refund'`, [uid])).toBe(1);
  });

  it('rejects a processing order with the reason given', async () => {
    const uid = await createIncome(t);
    await claim(t, uid, freshUtr());
    await setStatus(t, uid, 'reject', 'UTR belongs to another bank');
    expect(await orderRow(t, uid)).toMatchObject({
      payment_status: 'reject',
      payment_fail_reason: 'UTR belongs to another bank',
    });
  });

  it('refuses to change a completed collection with 409, leaving the balance as it was', async () => {
    const key = await t.addMerchant({ name: 'Completed merchant' });
    const uid = await createIncome(t, key);
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '100.00');
    for (const status of ['refund', 'failed', 'processing', 'reject']) {
      const response = await setStatus(t, uid, status);
      expect(response.status).toBe(409);
      expect(await errorCode(response)).toBe('invalid_transition');
    }
    expect((await orderRow(t, uid)).payment_status).toBe('completed');
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });
  });

  it('refuses a status that is not on any path with 409 and a payout-only status with 409', async () => {
    const uid = await createIncome(t);
    expect((await setStatus(t, uid, 'preparing')).status).toBe(409);
    expect((await orderRow(t, uid)).payment_status).toBe('pending');
  });

  it('answers 404 for an unknown order and 400 for an unknown status', async () => {
    expect((await setStatus(t, randomUUID(), 'failed')).status).toBe(404);
    const uid = await createIncome(t);
    expect((await setStatus(t, uid, 'none')).status).toBe(400);
    expect((await setStatus(t, uid, 'done')).status).toBe(400);
  });

  it('shows the order with its history and UTR claims', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    await claim(t, uid, utr);
    const { data } = await json(await t.operator('GET', `/operator/api/orders/${uid}`));
    expect(data).toMatchObject({ payment_uid: uid, payment_status: 'processing' });
    expect(data.utr_claims.map((row: { utr: string }) => row.utr)).toEqual([utr]);
    expect(data.history).toHaveLength(2);
  });
});

describe('operators and collections', () => {
  it('cannot complete a collection or move it to processing: only a bank credit completes it', async () => {
    const t2 = await createTestApp();
    try {
      const body = incomeBody(t2.merchant.merchant_uid);
      const { data } = await json(await t2.signed('/gateway/api/order/new', body));
      const uid = data.payment.payment_uid as string;
      for (const status of ['completed', 'processing']) {
        const response = await t2.operator('POST', `/operator/api/orders/${uid}/status`, { status });
        expect(response.status).toBe(409);
        expect((await json(response)).data.error).toBe('invalid_transition');
      }
      const refused = await t2.operator('POST', `/operator/api/orders/${uid}/status`, { status: 'refund' });
      expect(refused.status).toBe(409);
      const failed = await t2.operator('POST', `/operator/api/orders/${uid}/status`, {
        status: 'failed',
        reason: 'bank says no such payment',
      });
      expect(failed.status).toBe(200);
      expect((await json(failed)).data).toMatchObject({
        payment_status: 'failed',
        payment_fail_reason: 'bank says no such payment',
      });
      const balance = await json(
        await t2.signed('/gateway/api/ledger/get_merchant_ledger', {
          merchant_uid: t2.merchant.merchant_uid,
        }),
      );
      expect(balance.data.inr).toBe('0.00');
    } finally {
      await t2.close();
    }
  });
});
