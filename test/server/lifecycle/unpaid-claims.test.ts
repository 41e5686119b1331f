import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackgroundWork } from '../../../src/server/lifecycle/background-work.js';
import { expireDueOrders } from '../../../src/server/lifecycle/commands/expire-orders.js';
import { failUnpaidClaims } from '../../../src/server/lifecycle/commands/fail-unpaid-claims.js';
import { silentLogger } from '../../../src/server/log.js';
import { json, type TestApp } from '../support/test-app.js';
import {
  balance,
  claim,
  count,
  createIncome,
  createLifecycleApp,
  credit,
  freshUtr,
  orderRow,
} from './support/lifecycle-fixture.js';

const TTL_MS = 15 * 60 * 1000;
const GRACE_S = 24 * 60 * 60;

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

async function trail(paymentUid: string, status: string) {
  return {
    events: await count(t, `order_events WHERE payment_uid = $1 AND to_status = $2`, [paymentUid, status]),
    callbacks: await count(t, `outbox WHERE payment_uid = $1 AND payment_status = $2`, [paymentUid, status]),
  };
}

async function payerReason(paymentUid: string) {
  return (await json(await t.app.request(`/checkout/api/orders/${paymentUid}`))).data.fail_reason;
}

describe('the claim grace sweep (CLAIM_GRACE_SECONDS)', () => {
  it('fails a processing collection with an unmatched claim once the grace period after expiry has passed', async () => {
    const uid = await createIncome(t);
    expect((await claim(t, uid, freshUtr())).status).toBe(200);

    t.clock.advance(TTL_MS + GRACE_S * 1000 - 1000);
    expect(await failUnpaidClaims(t.db, t.clock.now(), GRACE_S)).toBe(0);
    expect((await orderRow(t, uid)).payment_status).toBe('processing');

    t.clock.advance(1000);
    expect(await failUnpaidClaims(t.db, t.clock.now(), GRACE_S)).toBeGreaterThanOrEqual(1);
    const order = await orderRow(t, uid);
    expect(order.payment_status).toBe('failed');
    expect(order.payment_fail_reason).toBe('no payment with these UTRs arrived');
    expect(order.accounting_status).toBe('none');
    expect(await trail(uid, 'failed')).toEqual({ events: 1, callbacks: 1 });
    expect(await payerReason(uid)).toEqual({ code: 'no_payment', params: {} });

    // A second pass changes nothing.
    t.clock.advance(60_000);
    await failUnpaidClaims(t.db, t.clock.now(), GRACE_S);
    expect(await trail(uid, 'failed')).toEqual({ events: 1, callbacks: 1 });
  });

  it('still completes the order when a credit with a claimed UTR arrives later, with its ledger entry and callbacks', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '321.00' });
    const wrong = freshUtr();
    const right = freshUtr();
    expect((await claim(t, uid, wrong)).status).toBe(200);
    expect((await claim(t, uid, right)).status).toBe(200);
    t.clock.advance(TTL_MS + GRACE_S * 1000);
    await failUnpaidClaims(t.db, t.clock.now(), GRACE_S);
    expect((await orderRow(t, uid)).payment_status).toBe('failed');
    const before = await balance(t, t.merchant);

    expect((await credit(t, right, '321.00')).status).toBe(201);
    const order = await orderRow(t, uid);
    expect(order.payment_status).toBe('completed');
    expect(order.matched_utr).toBe(right);
    expect(order.fail_code).toBe('');
    expect((await balance(t, t.merchant)).available - before.available).toBe(32_100);
    expect(await count(t, `ledger_postings WHERE payment_uid = $1`, [uid])).toBe(1);
    expect(await trail(uid, 'processing')).toEqual({ events: 2, callbacks: 2 });
    expect(await trail(uid, 'completed')).toEqual({ events: 1, callbacks: 1 });
    expect(await payerReason(uid)).toBeNull();
  });

  it('leaves pending, overdue and settled orders alone, and honours a configured grace', async () => {
    const pending = await createIncome(t);
    const paid = await createIncome(t, t.merchant, { amount: '10.00' });
    const utr = freshUtr();
    await claim(t, paid, utr);
    await credit(t, utr, '10.00');
    const claimed = await createIncome(t);
    await claim(t, claimed, freshUtr());

    t.clock.advance(TTL_MS);
    await expireDueOrders(t.db, t.clock.now());
    t.clock.advance(60 * 1000);
    // A grace of one minute: only the claimed order ends.
    await failUnpaidClaims(t.db, t.clock.now(), 60);
    expect((await orderRow(t, pending)).payment_status).toBe('overdue');
    expect((await orderRow(t, paid)).payment_status).toBe('completed');
    expect((await orderRow(t, claimed)).payment_status).toBe('failed');
  });

  it('runs in the background pass with the configured grace, and the store announces the callback', async () => {
    const uid = await createIncome(t);
    await claim(t, uid, freshUtr());
    const work = createBackgroundWork({
      db: t.db,
      clock: t.clock,
      log: silentLogger,
      channel: undefined,
      claimGraceSeconds: 3600,
    });
    await t.heard.settle();
    const announced = t.heard.outbox.filter((heard) => heard === uid).length;
    t.clock.advance(TTL_MS + 3600 * 1000);
    const pass = await work.runOnce();
    expect(pass.unpaid).toBeGreaterThanOrEqual(1);
    await t.heard.settle();
    expect(t.heard.outbox.filter((heard) => heard === uid).length).toBeGreaterThan(announced);
    expect((await orderRow(t, uid)).payment_status).toBe('failed');
  });
});
