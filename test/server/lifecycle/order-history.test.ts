import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxChannel } from '../../../src/server/channel/sandbox-channel.js';
import { advancePayouts } from '../../../src/server/lifecycle/commands/advance-payouts.js';
import { expireDueOrders } from '../../../src/server/lifecycle/commands/expire-orders.js';
import { json, type TestApp } from '../support/test-app.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  createPayout,
  credit,
  freshUtr,
  fund,
  setStatus,
} from './support/lifecycle-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

interface HistoryEntry {
  seq: number;
  from_status: string | null;
  to_status: string;
  cause: string;
  detail: string;
  at: string;
}

async function history(paymentUid: string): Promise<HistoryEntry[]> {
  const response = await t.operator('GET', `/operator/api/orders/${paymentUid}`);
  expect(response.status).toBe(200);
  return (await json(response)).data.history;
}

const at = (entry: HistoryEntry | undefined) => new Date(entry?.at ?? 0).toISOString();

describe('the order history shown to the operator', () => {
  it('records creation, the UTR claim and the bank credit, each with its cause and time', async () => {
    const created = t.clock.now().toISOString();
    const uid = await createIncome(t);
    const utr = freshUtr();
    t.clock.advance(60_000);
    const claimedAt = t.clock.now().toISOString();
    await claim(t, uid, utr);
    t.clock.advance(120_000);
    const creditedAt = t.clock.now().toISOString();
    await credit(t, utr, '100.00');

    const entries = await history(uid);
    expect(
      entries.map(({ seq, from_status, to_status, cause, detail }) => ({
        seq,
        from_status,
        to_status,
        cause,
        detail,
      })),
    ).toEqual([
      { seq: 0, from_status: null, to_status: 'pending', cause: 'created', detail: '' },
      { seq: 1, from_status: 'pending', to_status: 'processing', cause: 'utr_claim', detail: utr },
      { seq: 2, from_status: 'processing', to_status: 'completed', cause: 'bank_credit', detail: utr },
    ]);
    expect(entries.map(at)).toEqual([created, claimedAt, creditedAt]);
  });

  it('records an expiry', async () => {
    const uid = await createIncome(t);
    t.clock.advance(15 * 60 * 1000);
    const due = t.clock.now().toISOString();
    await expireDueOrders(t.db, t.clock.now());
    const last = (await history(uid)).at(-1);
    expect(last).toMatchObject({ from_status: 'pending', to_status: 'overdue', cause: 'expiry' });
    expect(at(last)).toBe(due);
  });

  it('records the operator and the reason the operator gave', async () => {
    const uid = await createIncome(t);
    await claim(t, uid, freshUtr());
    await setStatus(t, uid, 'refund', 'returned to payer, ticket 4411');
    expect((await history(uid)).at(-1)).toMatchObject({
      from_status: 'processing',
      to_status: 'refund',
      cause: 'operator',
      detail: 'returned to payer, ticket 4411',
    });
  });

  it('records each step of a payout made by the channel', async () => {
    const key = await t.addMerchant({ name: 'History payouts' });
    await fund(t, key, '100.00');
    const uid = await createPayout(t, key, '10.00');
    const channel = sandboxChannel(0);
    for (let step = 0; step < 3; step++) await advancePayouts(t.db, channel, t.clock.now());
    const entries = await history(uid);
    expect(entries.map((entry) => [entry.to_status, entry.cause, entry.detail])).toEqual([
      ['pending', 'created', ''],
      ['preparing', 'channel', 'sandbox'],
      ['processing', 'channel', 'sandbox'],
      ['completed', 'channel', 'sandbox'],
    ]);
  });
});
