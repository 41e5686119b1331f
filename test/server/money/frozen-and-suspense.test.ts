/**
 * Frozen and suspense money leaving by an operator's decision (docs/money-controls.md, "Frozen and
 * suspense money"), through the operator API on the test's store (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), with dual control on: frozen money released to the merchant or returned to
 * the payer, money in suspense returned to the payer; each approved by a second operator, each
 * keeping the ledger check sound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../../src/server/store/rows.js';
import { createSource, forwardSms, hdfcCredit } from '../credits/credit-support.js';
import {
  claim,
  createIncome,
  freshUtr,
  orderRow,
  UNLIMITED,
} from '../lifecycle/support/lifecycle-fixture.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { createTestApp, DEMO_MERCHANT, json, type TestApp } from '../support/test-app.js';
import { type TwoOperators, twoOperators } from './support/two-operators.js';

let t: TestApp;
let ops: TwoOperators;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { DUAL_CONTROL: 'on', UNCONFIRMED_CREDIT_HOLD_HOURS: '24' },
    app: { payerLimits: UNLIMITED },
  });
  ops = await twoOperators(t);
  token = (await createSource(t, t.merchant)).ingest_token ?? '';
});
afterAll(async () => {
  await t.close();
});

const VPA = DEMO_MERCHANT.upi_vpa ?? '';
const field = (fields: readonly { name: string; value: string }[], name: string) =>
  fields.find((entry) => entry.name === name)?.value;

/** The merchant's balances in rupees, as its client reads them. */
async function balance() {
  const response = await t.signed(
    '/gateway/api/ledger/get_merchant_ledger',
    { merchant_uid: t.merchant.merchant_uid },
    { key: t.merchant },
  );
  const { inr, inr_frozen } = (await json(response)).data;
  return { available: Number(inr), frozen: Number(inr_frozen) };
}

/** What the suspense account of the demo merchant's UPI address holds, in paise. */
async function suspense(): Promise<number> {
  const [row] = await queryRows(
    t.db,
    z.object({ balance: z.number() }),
    'SELECT balance FROM ledger_accounts WHERE id = $1',
    [`suspense:${VPA.toLowerCase()}`],
  );
  return row?.balance ?? 0;
}

const creditOf = async (utr: string) => {
  const [row] = await queryRows(
    t.db,
    z.object({ id: z.number(), hold: z.string(), payment_uid: z.string().nullable() }),
    'SELECT id, hold, payment_uid FROM bank_credits WHERE utr = $1',
    [utr],
  );
  if (!row) throw new Error(`no credit ${utr}`);
  return row;
};

/** A bank SMS of the credit (its money pending until a statement line confirms it). */
async function sms(utr: string, amount: string) {
  const forwarded = await forwardSms(t, token, {
    from: 'VM-HDFCBK',
    message: hdfcCredit(utr, amount),
    timestamp: '2026-01-15T10:00:00Z',
  });
  expect((await json(forwarded)).data).toMatchObject({ outcome: 'credit' });
}

/** A statement line under the UTR with another amount: the credit is frozen (imported under dual control). */
async function contradict(utr: string, amount: string) {
  const csv = `utr,amount,payee,payer_name,credited_at\n${utr},${amount},${VPA},Ravi Kumar,2026-01-15`;
  const approved = await ops.approved('POST', '/operator/api/credits/import?profile=generic', csv);
  expect(approved.state).toBe('approved');
  expect((await creditOf(utr)).hold).toBe('frozen');
}

/** A collection the payer claimed and an SMS paid, then frozen by a statement line. */
async function frozenCollection(amount: string) {
  const uid = await createIncome(t, t.merchant, { amount });
  const utr = freshUtr();
  expect((await claim(t, uid, utr)).status).toBe(200);
  await sms(utr, amount);
  expect((await orderRow(t, uid)).payment_status).toBe('completed');
  await contradict(utr, '1.00');
  return { uid, utr, creditId: (await creditOf(utr)).id };
}

describe('frozen money of a completed order', () => {
  it('is released to the merchant once a second operator approves', async () => {
    const { utr, creditId } = await frozenCollection('310.00');
    const before = await balance();
    const path = `/operator/api/credits/${creditId}/release`;
    const proposed = await ops.as('asha', 'POST', path, { note: 'the bank corrected its statement' });
    expect(proposed.status).toBe(202);
    expect((await json(proposed)).data).toMatchObject({
      action: 'credit.release',
      subject: `credit:${creditId}`,
    });
    expect(await balance()).toEqual(before);

    const approved = await ops.approved('POST', path, { note: 'the bank corrected its statement' });
    expect(field(approved.outcome, 'moved')).toBe('frozen_to_available');
    expect(await balance()).toEqual({ available: before.available + 310, frozen: before.frozen - 310 });
    expect((await creditOf(utr)).hold).toBe('cleared');
    // Released once: again is refused, and so is a return of money now available.
    expect((await ops.as('asha', 'POST', path, { note: 'again' })).status).toBe(409);
    expect(
      (await ops.as('asha', 'POST', `/operator/api/credits/${creditId}/return`, { note: 'x' })).status,
    ).toBe(409);
    await expectSoundLedger(t.db);
  });

  it('is returned to the payer: it leaves the frozen balance through the bank', async () => {
    const { uid, utr, creditId } = await frozenCollection('120.00');
    const before = await balance();
    const approved = await ops.approved('POST', `/operator/api/credits/${creditId}/return`, {
      note: 'payer asked for it back',
    });
    expect(field(approved.outcome, 'moved')).toBe('frozen_to_payer');
    expect(await balance()).toEqual({ available: before.available, frozen: before.frozen - 120 });
    expect((await creditOf(utr)).hold).toBe('returned');
    expect((await orderRow(t, uid)).payment_status).toBe('completed');
    const again = await ops.as('asha', 'POST', `/operator/api/credits/${creditId}/return`, { note: 'again' });
    expect(again.status).toBe(409);
    expect((await json(again)).result).toBe('error');
    const audit = await json(await t.operator('GET', '/operator/api/audit?action=credit.return'));
    expect(audit.data.find((row: { subject: string }) => row.subject === `credit:${creditId}`)).toMatchObject(
      {
        actor: 'ravi',
        after: { hold: 'returned', moved: 'frozen_to_payer' },
      },
    );
    await expectSoundLedger(t.db);
  });
});

describe('money in suspense (a credit that completed no order)', () => {
  it('is returned to the payer, and the credit settles nothing afterwards', async () => {
    const utr = freshUtr();
    await ops.approved('POST', '/operator/api/credits', { utr, amount: '75.00', payee: VPA });
    const before = await suspense();
    const { id } = await creditOf(utr);
    const approved = await ops.approved('POST', `/operator/api/credits/${id}/return`, {
      note: 'nobody claimed it',
    });
    expect(field(approved.outcome, 'moved')).toBe('suspense_to_payer');
    expect(await suspense()).toBe(before - 7500);
    await expectSoundLedger(t.db);

    // A payer claiming the returned credit's UTR later does not complete with money that left.
    const uid = await createIncome(t, t.merchant, { amount: '75.00' });
    expect((await claim(t, uid, utr)).status).toBe(200);
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
    expect((await creditOf(utr)).payment_uid).toBeNull();
    await expectSoundLedger(t.db);
  });

  it('of a frozen credit is released: the claim waiting for it completes', async () => {
    const utr = freshUtr();
    await sms(utr, '60.00');
    await contradict(utr, '6.00');
    const uid = await createIncome(t, t.merchant, { amount: '60.00' });
    expect((await claim(t, uid, utr)).status).toBe(200);
    expect((await orderRow(t, uid)).payment_status).toBe('processing');
    const { id } = await creditOf(utr);
    const approved = await ops.approved('POST', `/operator/api/credits/${id}/release`, {
      note: 'statement was wrong',
    });
    expect(field(approved.outcome, 'payment_uid')).toBe(uid);
    expect((await orderRow(t, uid)).payment_status).toBe('completed');
    await expectSoundLedger(t.db);
  });

  it('answers an unknown credit 404 and a missing note 400, in the error shape', async () => {
    const unknown = await ops.as('asha', 'POST', '/operator/api/credits/999999999/return', { note: 'x' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).result).toBe('error');
    expect((await ops.as('asha', 'POST', '/operator/api/credits/1/release', {})).status).toBe(400);
    expect((await ops.as('asha', 'POST', '/operator/api/credits/abc/release', { note: 'x' })).status).toBe(
      400,
    );
  });
});
