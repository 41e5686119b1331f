import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStatus } from '../../../src/server/lifecycle/change-status.js';
import { canTransition, pathTo, type StoredStatus } from '../../../src/server/lifecycle/transitions.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import type { TransactionType } from '../../../src/shared/order-status.js';
import type { TestApp } from '../support/test-app.js';
import {
  count,
  createIncome,
  createLifecycleApp,
  createPayout,
  fund,
  orderRow,
} from './support/lifecycle-fixture.js';

const STORED: readonly StoredStatus[] = [
  'pending',
  'preparing',
  'processing',
  'completed',
  'failed',
  'reject',
  'refund',
  'overdue',
];

/**
 * The table of docs/decisions/0002-open-points.md (Payment states and transitions), written out
 * here independently of the code, with the extra transitions recorded there: a payout may fail
 * or be rejected before it reaches the bank (pending, preparing), and a collection may be failed
 * before any UTR arrives.
 */
const EXPECTED: Record<TransactionType, Partial<Record<StoredStatus, readonly StoredStatus[]>>> = {
  income: {
    pending: ['processing', 'overdue', 'failed'],
    processing: ['completed', 'reject', 'failed', 'refund'],
    overdue: ['processing', 'refund'],
    failed: ['processing', 'refund'],
  },
  expense: {
    pending: ['preparing', 'failed', 'reject'],
    preparing: ['processing', 'failed', 'reject'],
    processing: ['completed', 'failed', 'reject'],
  },
};

let t: TestApp;
let payer: IssuedKey;
beforeAll(async () => {
  t = await createLifecycleApp();
  payer = await t.addMerchant({ name: 'Payout merchant' });
  await fund(t, payer, '10000.00');
});
afterAll(async () => {
  await t.close();
});

/** An order of the kind, put into `from` directly in the store (the starting point of a case). */
async function orderIn(kind: TransactionType, from: StoredStatus) {
  const uid = kind === 'income' ? await createIncome(t) : await createPayout(t, payer, '1.00');
  if (from !== 'pending') {
    await t.db.query('UPDATE orders SET payment_status = $2 WHERE payment_uid = $1', [uid, from]);
  }
  return orderRow(t, uid);
}

describe('the transition table', () => {
  for (const kind of ['income', 'expense'] as const) {
    for (const from of STORED) {
      const allowed = EXPECTED[kind][from] ?? [];
      const title = allowed.length === 0 ? 'nothing' : allowed.join(', ');
      it(`lets an ${kind} order go from ${from} to ${title} and refuses every other status`, async () => {
        for (const to of STORED) {
          const order = await orderIn(kind, from);
          const result = await t.db.transaction((tx) =>
            changeStatus(tx, order, { to, cause: 'operator' }, t.clock.now()),
          );
          const stored = await orderRow(t, order.payment_uid);
          const events = await count(t, 'order_events WHERE payment_uid = $1 AND seq > 0', [
            order.payment_uid,
          ]);
          if (allowed.includes(to)) {
            expect(result.kind, `${kind} ${from} -> ${to}`).toBe('changed');
            expect(stored.payment_status).toBe(to);
            expect(stored.status_seq).toBe(order.status_seq + 1);
            expect(events).toBe(1);
          } else {
            expect(result, `${kind} ${from} -> ${to}`).toEqual({ kind: 'refused', from, to });
            expect(stored.payment_status).toBe(from);
            expect(stored.status_seq).toBe(order.status_seq);
            expect(events).toBe(0);
          }
          expect(canTransition(kind, from, to)).toBe(allowed.includes(to));
        }
      });
    }
  }

  it('treats completed, reject and refund as final for both kinds', () => {
    for (const kind of ['income', 'expense'] as const) {
      for (const final of ['completed', 'reject', 'refund'] as const) {
        for (const to of STORED) expect(canTransition(kind, final, to)).toBe(false);
      }
    }
  });

  it('finds the operator a chain of allowed changes, and none out of a final state', () => {
    expect(pathTo('expense', 'pending', 'completed')).toEqual(['preparing', 'processing', 'completed']);
    expect(pathTo('income', 'overdue', 'completed')).toEqual(['processing', 'completed']);
    expect(pathTo('income', 'pending', 'refund')).toEqual(['processing', 'refund']);
    expect(pathTo('income', 'completed', 'refund')).toEqual([]);
    expect(pathTo('expense', 'processing', 'processing')).toEqual([]);
    expect(pathTo('expense', 'pending', 'overdue')).toEqual([]);
  });

  it('refuses the status none', async () => {
    const order = await orderIn('income', 'pending');
    const result = await t.db.transaction((tx) =>
      changeStatus(tx, order, { to: 'none' as StoredStatus, cause: 'operator' }, t.clock.now()),
    );
    expect(result.kind).toBe('refused');
  });
});

describe('the store', () => {
  it('refuses a direct SQL change of a completed order', async () => {
    const order = await orderIn('income', 'processing');
    await t.db.transaction((tx) =>
      changeStatus(tx, order, { to: 'completed', cause: 'bank_credit' }, t.clock.now()),
    );
    await expect(
      t.db.query(`UPDATE orders SET payment_status = 'processing' WHERE payment_uid = $1`, [
        order.payment_uid,
      ]),
    ).rejects.toThrow(/final/);
    await expect(
      t.db.query('UPDATE orders SET final_amount = 1 WHERE payment_uid = $1', [order.payment_uid]),
    ).rejects.toThrow(/final/);
    expect((await orderRow(t, order.payment_uid)).payment_status).toBe('completed');
  });

  it('refuses a direct SQL change of a rejected or refunded order', async () => {
    for (const final of ['reject', 'refund'] as const) {
      const order = await orderIn('income', final);
      await expect(
        t.db.query(`UPDATE orders SET payment_status = 'processing' WHERE payment_uid = $1`, [
          order.payment_uid,
        ]),
      ).rejects.toThrow(/final/);
    }
  });

  it('still lets fields other than the outcome change on a final order (callback bookkeeping)', async () => {
    const order = await orderIn('income', 'completed');
    await t.db.query(`UPDATE orders SET notify_status = 'completed' WHERE payment_uid = $1`, [
      order.payment_uid,
    ]);
    expect((await orderRow(t, order.payment_uid)).notify_status).toBe('completed');
  });

  it('never stores the status none', async () => {
    const order = await orderIn('income', 'pending');
    await expect(
      t.db.query(`UPDATE orders SET payment_status = 'none' WHERE payment_uid = $1`, [order.payment_uid]),
    ).rejects.toThrow();
    expect(await count(t, `orders WHERE payment_status = 'none'`)).toBe(0);
  });
});
