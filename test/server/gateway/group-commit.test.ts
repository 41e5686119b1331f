/**
 * Creation by group commit (docs/decisions/0035-creation-by-group-commit.md):
 * collection orders created at once are inserted by one statement of many rows, and each keeps
 * the answer it would have had alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { NewOrder } from '../../../src/server/orders/order.js';
import { orderGroupCommit } from '../../../src/server/orders/order-group-commit.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function ordersWith(merchantOrderId: string): Promise<number> {
  const rows = await queryRows(
    t.db,
    z.object({ n: z.number() }),
    'SELECT count(*)::int AS n FROM orders WHERE merchant_order_id = $1',
    [merchantOrderId],
  );
  return rows[0]?.n ?? -1;
}

async function merchantOrderIdOf(paymentUid: string): Promise<string | undefined> {
  const rows = await queryRows(
    t.db,
    z.object({ merchant_order_id: z.string() }),
    'SELECT merchant_order_id FROM orders WHERE payment_uid = $1',
    [paymentUid],
  );
  return rows[0]?.merchant_order_id;
}

async function eventsOf(paymentUid: string): Promise<string[]> {
  const rows = await queryRows(
    t.db,
    z.object({ cause: z.string() }),
    'SELECT cause FROM order_events WHERE payment_uid = $1 ORDER BY seq',
    [paymentUid],
  );
  return rows.map((row) => row.cause);
}

describe('orders created at once', () => {
  it('answers each order as it would alone: created, retried, duplicate, blacklisted, over the limit', async () => {
    const key = await t.addMerchant({ name: 'Busy shop' });
    await t.operator('POST', `/operator/api/merchants/${key.merchant_uid}/blacklist`, {
      from_name: 'Barred Bina',
    });
    const earlier = incomeBody(key.merchant_uid);
    const earlierAnswer = await json(await t.signed('/gateway/api/order/new', earlier, { key }));
    const fresh = Array.from({ length: 6 }, () => incomeBody(key.merchant_uid));
    const twin = incomeBody(key.merchant_uid);
    const bodies = [
      ...fresh,
      earlier, // the same request again: the first answer
      { ...earlier, amount: '150.00' }, // another request under a taken merchant_order_id
      twin,
      twin, // two identical requests in the same burst: one order
      incomeBody(key.merchant_uid, { from_name: 'Barred Bina' }),
      incomeBody(key.merchant_uid, { amount: '200000.00' }),
    ];
    const answers = await Promise.all(
      bodies.map(async (body) => {
        const response = await t.signed('/gateway/api/order/new', body, { key });
        return { status: response.status, data: (await json(response)).data };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 409, 200, 200, 403, 422,
    ]);
    const uids = answers.slice(0, 6).map((answer) => answer.data.payment.payment_uid);
    expect(new Set(uids).size).toBe(6);
    for (const [i, body] of fresh.entries()) {
      expect(await merchantOrderIdOf(uids[i])).toBe(body.merchant_order_id);
      expect(await eventsOf(uids[i])).toEqual(['created']);
    }
    expect(answers[6]?.data.payment.payment_uid).toBe(earlierAnswer.data.payment.payment_uid);
    expect(answers[7]?.data.error).toBe('duplicate_order');
    expect(answers[8]?.data.payment.payment_uid).toBe(answers[9]?.data.payment.payment_uid);
    expect(await ordersWith(twin.merchant_order_id as string)).toBe(1);
    expect(answers[10]?.data.error).toBe('payer_blacklisted');
    expect(await ordersWith(bodies[10]?.merchant_order_id as string)).toBe(0);
    expect(answers[11]?.data.error).toBe('amount_out_of_range');
    expect(await ordersWith(bodies[11]?.merchant_order_id as string)).toBe(0);
  });
});

describe('the group commit', () => {
  function newOrder(merchantUid: string, overrides: Partial<NewOrder> = {}): NewOrder {
    const now = t.clock.now();
    return {
      payment_uid: randomUUID(),
      merchant_uid: merchantUid,
      merchant_order_id: `GC-${randomUUID().slice(0, 8)}`,
      request_digest: 'd'.repeat(64),
      transaction_type: 'income',
      accounting_type: 'receive',
      payterm: 'UPI',
      payment: 'india',
      currency: 'INR',
      country: 'India',
      channel: 'payment_india',
      amount: 10_000,
      final_amount: 10_000,
      from_account: '',
      from_name: '',
      from_bank_name: '',
      to_account: 'chaipoint@okaxis',
      to_name: 'Chai Point',
      to_bank_name: 'UPI',
      merchant_id: '',
      order_uid: '',
      redirect_url: '',
      notify_url: '',
      response_type: 'json',
      ip: '127.0.0.1',
      user_agent: 'test',
      signature_key: t.merchant.api_key,
      extra: '',
      payment_status: 'pending',
      expires_at: new Date(now.getTime() + 900_000),
      created_at: now,
      ...overrides,
    };
  }

  it('inserts the orders given in one turn with one statement, and leaves out the taken and the blacklisted', async () => {
    const merchantUid = t.merchant.merchant_uid;
    await t.operator('POST', `/operator/api/merchants/${merchantUid}/blacklist`, {
      from_name: 'Barred Bala',
    });
    const batches: number[] = [];
    const groupCommit = orderGroupCommit(t.db, { onBatch: (size) => batches.push(size) });
    const orders = Array.from({ length: 5 }, () => newOrder(merchantUid));
    const taken = newOrder(merchantUid, { merchant_order_id: orders[0]?.merchant_order_id as string });
    const barred = newOrder(merchantUid, { from_name: 'Barred Bala' });
    const answers = await Promise.all([...orders, taken, barred].map((order) => groupCommit.insert(order)));
    expect(batches).toEqual([7]);
    expect(answers.slice(0, 5).map((order) => order?.payment_uid)).toEqual(orders.map((o) => o.payment_uid));
    expect(answers.slice(5)).toEqual([undefined, undefined]);
    expect(answers[0]).toMatchObject({ amount: 10_000, payment_status: 'pending', status_seq: 0 });
    expect(await eventsOf(orders[4]?.payment_uid as string)).toEqual(['created']);
  });

  it('sends what arrives while a statement is in flight in the next one', async () => {
    const batches: number[] = [];
    const groupCommit = orderGroupCommit(t.db, { onBatch: (size) => batches.push(size) });
    const first = groupCommit.insert(newOrder(t.merchant.merchant_uid));
    await new Promise((resolve) => setImmediate(resolve));
    const second = groupCommit.insert(newOrder(t.merchant.merchant_uid));
    const third = groupCommit.insert(newOrder(t.merchant.merchant_uid));
    expect(await Promise.all([first, second, third])).not.toContain(undefined);
    expect(batches).toEqual([1, 2]);
  });

  it('fails only the order the store refuses when a statement of many fails', async () => {
    const groupCommit = orderGroupCommit(t.db);
    const good = [newOrder(t.merchant.merchant_uid), newOrder(t.merchant.merchant_uid)];
    const bad = newOrder(t.merchant.merchant_uid, { amount: 0 }); // CHECK (amount > 0)
    const [a, refused, b] = await Promise.allSettled([
      groupCommit.insert(good[0] as NewOrder),
      groupCommit.insert(bad),
      groupCommit.insert(good[1] as NewOrder),
    ]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { payment_uid: good[0]?.payment_uid } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { payment_uid: good[1]?.payment_uid } });
    expect(refused.status).toBe('rejected');
    expect(await ordersWith(bad.merchant_order_id)).toBe(0);
  });
});
