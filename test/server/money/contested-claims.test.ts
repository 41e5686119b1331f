/**
 * Contested claims (docs/money-controls.md, "Contested claims"), through the payer's and the
 * operators' APIs on the test's store (PGlite, or PostgreSQL with TEST_DATABASE_URL), with dual
 * control on: a thief's claim of a payer's UTR holds up both orders and the credit until an
 * operator resolves the case and a second approves it; then exactly one order completes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTESTED } from '../../../src/server/credits/matching/decide.js';
import {
  claim,
  count,
  createIncome,
  errorCode,
  freshUtr,
  orderRow,
  UNLIMITED,
} from '../lifecycle/support/lifecycle-fixture.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { createTestApp, DEMO_MERCHANT, json, type TestApp } from '../support/test-app.js';
import { type TwoOperators, twoOperators } from './support/two-operators.js';

let t: TestApp;
let ops: TwoOperators;
beforeAll(async () => {
  t = await createTestApp({ env: { DUAL_CONTROL: 'on' }, app: { payerLimits: UNLIMITED } });
  ops = await twoOperators(t);
});
afterAll(async () => {
  await t.close();
});

const field = (fields: readonly { name: string; value: string }[], name: string) =>
  fields.find((entry) => entry.name === name)?.value;

/** A bank credit an operator posts and a second approves (paid to the demo merchant's account). */
async function bankCredit(utr: string, amount: string) {
  return ops.approved('POST', '/operator/api/credits', { utr, amount, payee: DEMO_MERCHANT.upi_vpa });
}

async function contestedCase(utr: string) {
  const list = await json(await ops.as('ravi', 'GET', '/operator/api/credits/contested'));
  return list.data.find((entry: { utr: string }) => entry.utr === utr);
}

async function attentionOf(utr: string) {
  const queue = await json(await ops.as('ravi', 'GET', '/operator/api/attention'));
  return queue.data.items.find(
    (item: { kind: string; utr: string }) => item.kind === 'contested_claim' && item.utr === utr,
  );
}

describe('a UTR two open orders claim (the stolen-UTR race)', () => {
  it('contests both claims and holds the credit until a resolution a second operator approves', async () => {
    const payer = await createIncome(t, t.merchant, { amount: '500.00' });
    const thief = await createIncome(t, t.merchant, { amount: '500.00' });
    const utr = freshUtr();

    // The thief claims first; the payer's claim contests it instead of being refused.
    expect((await claim(t, thief, utr)).status).toBe(200);
    t.clock.advance(60_000);
    const second = await claim(t, payer, utr);
    expect(second.status).toBe(200);
    expect((await json(second)).data).toEqual({
      payment_uid: payer,
      serial_number: utr,
      payment_status: 'processing',
      under_review: true,
    });
    // Claimed again: the same answer, nothing new.
    expect((await json(await claim(t, payer, utr))).data.under_review).toBe(true);
    expect(await count(t, 'utr_claims WHERE utr = $1 AND contested_at IS NOT NULL', [utr])).toBe(2);

    // The credit arrives: it settles neither order and waits for an operator.
    const arrived = await bankCredit(utr, '500.00');
    expect(arrived.state).toBe('approved');
    expect(field(arrived.outcome, 'outcome')).toBe('waiting');
    expect((await orderRow(t, thief)).payment_status).toBe('processing');
    expect((await orderRow(t, payer)).payment_status).toBe('processing');
    expect(
      await count(t, 'bank_credits WHERE utr = $1 AND payment_uid IS NULL AND unmatched_reason = $2', [
        utr,
        CONTESTED,
      ]),
    ).toBe(1);

    // Operators see both claims side by side, and the case in Needs attention.
    const listed = await contestedCase(utr);
    expect(listed.credit).toMatchObject({ amount: '500.00', payment_uid: null });
    expect(
      listed.claims.map((c: { payment_uid: string; state: string }) => [c.payment_uid, c.state]),
    ).toEqual([
      [thief, 'holding'],
      [payer, 'holding'],
    ]);
    for (const c of listed.claims) {
      expect(c).toMatchObject({ amount: '500.00', payment_status: 'processing' });
      expect(c.client_ip).toEqual(expect.any(String));
      expect(Number.isNaN(Date.parse(c.claimed_at))).toBe(false);
    }
    expect(await attentionOf(utr)).toMatchObject({ payment_uid: thief, amount: '500.00' });

    // A match by hand cannot go around the contest.
    const matched = await ops.as('asha', 'POST', `/operator/api/credits/${listed.credit.credit_id}/match`, {
      payment_uid: thief,
      note: 'looks like it',
    });
    expect(matched.status).toBe(409);

    // Asha proposes the payer; nothing moves until Ravi approves.
    const path = `/operator/api/credits/contested/${utr}/resolve`;
    const proposed = await ops.as('asha', 'POST', path, {
      payment_uid: payer,
      note: 'payer sent the receipt',
    });
    expect(proposed.status).toBe(202);
    const proposal = (await json(proposed)).data;
    expect(proposal).toMatchObject({ action: 'claim.resolve', subject: `utr:${utr}` });
    expect(field(proposal.would, 'outcome')).toBe('completed');
    expect((await orderRow(t, payer)).payment_status).toBe('processing');
    const self = await ops.as('asha', 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`, {});
    expect(self.status).toBe(403);
    const approved = await ops.as('ravi', 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`, {
      note: 'receipt matches',
    });
    expect(approved.status).toBe(200);

    // Exactly one order completes; the thief's claim is released, kept as a lost claim.
    const paid = await orderRow(t, payer);
    expect(paid.payment_status).toBe('completed');
    expect(paid.matched_utr).toBe(utr);
    expect((await orderRow(t, thief)).payment_status).toBe('processing');
    expect(await count(t, 'utr_claims WHERE utr = $1', [utr])).toBe(1);
    expect(await count(t, 'utr_claims WHERE utr = $1 AND contested_at IS NOT NULL', [utr])).toBe(0);
    expect(
      await count(t, `orders WHERE payment_uid IN ($1, $2) AND payment_status = 'completed'`, [payer, thief]),
    ).toBe(1);
    expect(
      await count(t, `lost_claims WHERE utr = $1 AND payment_uid = $2 AND other_payment_uid = $3`, [
        utr,
        thief,
        payer,
      ]),
    ).toBe(1);
    expect(await contestedCase(utr)).toBeUndefined();
    expect(await attentionOf(utr)).toBeUndefined();
    const audit = await json(await t.operator('GET', '/operator/api/audit?action=claim.resolve'));
    const row = audit.data.find((entry: { subject: string }) => entry.subject === `utr:${utr}`);
    expect(row).toMatchObject({ actor: 'ravi', after: { payment_uid: payer, released: [thief] } });
    expect(row.note).toContain('proposed by asha');
    // Decided: a second resolution finds nothing contested.
    const again = await ops.as('asha', 'POST', path, { payment_uid: thief, note: 'again' });
    expect(again.status).toBe(404);
    await expectSoundLedger(t.db);
  });

  it('lets no order of another amount or merchant contest a UTR: refused as used', async () => {
    const holder = await createIncome(t, t.merchant, { amount: '500.00' });
    const other = await createIncome(t, t.merchant, { amount: '499.00' });
    const utr = freshUtr();
    expect((await claim(t, holder, utr)).status).toBe(200);
    const refused = await claim(t, other, utr);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('utr_used');
    expect(await count(t, 'utr_claims WHERE utr = $1 AND contested_at IS NOT NULL', [utr])).toBe(0);
    expect((await orderRow(t, other)).payment_status).toBe('pending');
  });

  it('refuses a resolution naming an order that does not claim the UTR, in the error shape', async () => {
    const a = await createIncome(t, t.merchant, { amount: '300.00' });
    const b = await createIncome(t, t.merchant, { amount: '300.00' });
    const stranger = await createIncome(t, t.merchant, { amount: '300.00' });
    const utr = freshUtr();
    await claim(t, a, utr);
    await claim(t, b, utr);
    const response = await ops.as('asha', 'POST', `/operator/api/credits/contested/${utr}/resolve`, {
      payment_uid: stranger,
      note: 'wrong one',
    });
    expect(response.status).toBe(400);
    expect((await json(response)).result).toBe('error');
    const bad = await ops.as('asha', 'POST', '/operator/api/credits/contested/12ab/resolve', {
      payment_uid: a,
      note: 'x',
    });
    expect(bad.status).toBe(400);
    const noNote = await ops.as('asha', 'POST', `/operator/api/credits/contested/${utr}/resolve`, {
      payment_uid: a,
    });
    expect(noNote.status).toBe(400);
  });
});

describe('a UTR claimed after its credit completed an order', () => {
  it('is refused as used, and the completed order is flagged contested until an operator confirms it', async () => {
    const payer = await createIncome(t, t.merchant, { amount: '250.00' });
    const late = await createIncome(t, t.merchant, { amount: '250.00' });
    const utr = freshUtr();
    expect((await claim(t, payer, utr)).status).toBe(200);
    await bankCredit(utr, '250.00');
    expect((await orderRow(t, payer)).payment_status).toBe('completed');

    const refused = await claim(t, late, utr);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('utr_used');
    expect((await orderRow(t, late)).payment_status).toBe('pending');
    const listed = await contestedCase(utr);
    expect(listed.credit).toMatchObject({ payment_uid: payer });
    expect(
      listed.claims.map((c: { payment_uid: string; state: string }) => [c.payment_uid, c.state]),
    ).toEqual([
      [payer, 'holding'],
      [late, 'refused'],
    ]);
    expect(await attentionOf(utr)).toMatchObject({ payment_uid: payer });

    // The completed order keeps its money; the refused claim cannot be named.
    const path = `/operator/api/credits/contested/${utr}/resolve`;
    expect((await ops.as('asha', 'POST', path, { payment_uid: late, note: 'x' })).status).toBe(400);
    const confirmed = await ops.approved('POST', path, {
      payment_uid: payer,
      note: 'the payer is the owner',
    });
    expect(field(confirmed.outcome, 'payment_status')).toBe('completed');
    expect(await contestedCase(utr)).toBeUndefined();
    await expectSoundLedger(t.db);
  });
});
