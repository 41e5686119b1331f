import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../../src/server/store/rows.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  credit,
  errorCode,
  freshUtr,
  orderRow,
} from '../lifecycle/support/lifecycle-fixture.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { json, type TestApp } from '../support/test-app.js';
import { createSource, hdfcCredit } from './credit-support.js';

let t: TestApp;
let sourceId: string;
beforeAll(async () => {
  t = await createLifecycleApp();
  sourceId = (await createSource(t, t.merchant)).source_id;
});
afterAll(async () => {
  await t.close();
});

const replay = (text: string, extra: Record<string, string> = {}) =>
  t.operator('POST', '/operator/api/credits/sms', { source_id: sourceId, text, ...extra });
const listed = async (query: string) =>
  (await json(await t.operator('GET', `/operator/api/credits?${query}`))).data;

describe('an operator replaying a text', () => {
  it('answers what became of it, with the credit fields', async () => {
    const utr = freshUtr();
    const created = await replay(hdfcCredit(utr, '1,00,000.00'), {
      sender: 'VM-HDFCBK',
      received_at: '2026-01-15T10:00:00+05:30',
    });
    expect(created.status).toBe(201);
    expect((await json(created)).data).toMatchObject({
      outcome: 'credit',
      credit: {
        utr,
        amount: '100000.00',
        payee: 'chaipoint@okaxis',
        payer_name: 'ravi.kumar@okicici',
        state: 'waiting',
      },
    });
    const again = await replay(hdfcCredit(utr, '1,00,000.00'));
    expect((await json(again)).data).toMatchObject({ outcome: 'duplicate' });
    const debit = await json(
      await replay(`Rs.500.00 debited from A/C **1234 on 20-11-24 at SWIGGY (UPI). Ref ${freshUtr()}`),
    );
    expect(debit.data).toMatchObject({ outcome: 'ignored', reason: 'debit', credit: null });
    expect(
      (await t.operator('POST', '/operator/api/credits/sms', { source_id: 'cs_nosuch', text: 'x' })).status,
    ).toBe(404);
  });
});

describe('credits by state', () => {
  it('lists matched, waiting, conflict, unparsed and ignored with filters and paging', async () => {
    const key = await t.addMerchant({ name: 'Listing merchant', upi_vpa: 'listing@okaxis' });
    const source = await createSource(t, key, { account: 'listing@okaxis' });
    const sms = (text: string) =>
      t.operator('POST', '/operator/api/credits/sms', { source_id: source.source_id, text });
    const done = await createIncome(t, key, { amount: '10.00' });
    const short = await createIncome(t, key, { amount: '10.00' });
    const [doneUtr, shortUtr, waitUtr] = [freshUtr(), freshUtr(), freshUtr()];
    await claim(t, done, doneUtr);
    await claim(t, short, shortUtr);
    await sms(hdfcCredit(doneUtr, '10.00'));
    await sms(hdfcCredit(shortUtr, '9.00'));
    await sms(hdfcCredit(waitUtr, '5.00'));
    await sms('Money Received - INR 75.00 in HDFC Bank A/c xx9012 from asha@ybl.');
    await sms('Your Avl Bal in A/c XX4521 as on 12-01-25 is Rs.25,000.00.');

    const byState = async (state: string) => listed(`state=${state}&merchant_uid=${key.merchant_uid}`);
    expect((await byState('matched')).map((c: { utr: string }) => c.utr)).toEqual([doneUtr]);
    expect(await byState('conflict')).toEqual([
      expect.objectContaining({ utr: shortUtr, payment_uid: short, reason: expect.stringContaining('9.00') }),
    ]);
    expect(await byState('waiting')).toEqual([
      expect.objectContaining({ utr: waitUtr, amount: 500, state: 'waiting' }),
    ]);
    expect(await byState('unparsed')).toEqual([
      expect.objectContaining({
        reason: 'credit alert without a 12-digit reference',
        body: expect.stringContaining('75.00'),
      }),
    ]);
    expect(await byState('ignored')).toEqual([expect.objectContaining({ reason: 'balance' })]);
    expect(await listed(`state=matched&utr=${waitUtr}`)).toEqual([]);

    const all = await listed(`state=matched,waiting,conflict&merchant_uid=${key.merchant_uid}&limit=2`);
    expect(all.map((c: { utr: string }) => c.utr)).toEqual([waitUtr, shortUtr]);
    const next = await listed(
      `state=matched,waiting,conflict&merchant_uid=${key.merchant_uid}&limit=2&before=${all[1].id}`,
    );
    expect(next.map((c: { utr: string }) => c.utr)).toEqual([doneUtr]);

    const bad = await t.operator('GET', '/operator/api/credits?state=lost');
    expect(bad.status).toBe(400);
    expect(await errorCode(bad)).toBe('invalid_field');
  });
});

describe("the parser's partial reading of a text", () => {
  it('comes with each unparsed text: the amount, date and payer it found, and no UTR it did not find', async () => {
    const key = await t.addMerchant({ name: 'Reading merchant', upi_vpa: 'reading@okaxis' });
    const source = await createSource(t, key, { account: 'reading@okaxis' });
    const text =
      'Money Received - INR 1,499.50 in HDFC Bank A/c xx9012 on 15-01-26 10:15 from asha@ybl Ref 61234567890.';
    const sent = await t.operator('POST', '/operator/api/credits/sms', { source_id: source.source_id, text });
    expect((await json(sent)).data.outcome).toBe('unparsed');
    await t.operator('POST', '/operator/api/credits/sms', {
      source_id: source.source_id,
      text: 'Your a/c is credited. Call 1800 000 000 for help.',
    });

    const rows = await listed(`state=unparsed&merchant_uid=${key.merchant_uid}`);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      body: text,
      reading: {
        amount: '1499.50',
        utr: null,
        credited_at: '2026-01-15T04:45:00.000Z',
        payer_name: 'asha@ybl',
      },
    });
    expect(rows[0].reading).toEqual({ amount: null, utr: null, credited_at: null, payer_name: null });
    // Credits carry no reading: they were read already.
    await t.operator('POST', '/operator/api/credits/sms', {
      source_id: source.source_id,
      text: hdfcCredit(freshUtr(), '5.00'),
    });
    const [waiting] = await listed(`state=waiting&merchant_uid=${key.merchant_uid}`);
    expect(waiting).not.toHaveProperty('reading');
  });
});

describe('manual actions', () => {
  it('fixes an unparsed text into a credit that settles the claimed order, with an audit row', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '75.00' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    const text = (
      await json(await replay('Money Received - INR 75.00 in HDFC Bank A/c xx9012 from asha@ybl.'))
    ).data;
    expect(text.outcome).toBe('unparsed');

    const noNote = await t.operator('POST', `/operator/api/credits/texts/${text.text_id}/fix`, {
      utr,
      amount: '75.00',
    });
    expect(noNote.status).toBe(400);
    const fixed = await t.operator('POST', `/operator/api/credits/texts/${text.text_id}/fix`, {
      utr,
      amount: '75.00',
      payer_name: 'asha@ybl',
      note: 'reference read from the bank statement',
    });
    expect(fixed.status).toBe(200);
    expect((await json(fixed)).data).toMatchObject({
      outcome: 'credit',
      credit: { utr, state: 'matched', payment_uid: uid },
    });
    expect((await orderRow(t, uid)).payment_status).toBe('completed');
    const again = await t.operator('POST', `/operator/api/credits/texts/${text.text_id}/fix`, {
      utr,
      amount: '75.00',
      note: 'again',
    });
    expect(again.status).toBe(409);

    const audit = (await json(await t.operator('GET', `/operator/api/audit?subject=text:${text.text_id}`)))
      .data;
    expect(audit.map((row: { action: string }) => row.action)).toEqual(['text.fix', 'text.replay']);
    expect(audit[0]).toEqual(
      expect.objectContaining({
        actor: 'root',
        action: 'text.fix',
        before: { outcome: 'unparsed', reason: 'credit alert without a 12-digit reference' },
        note: 'reference read from the bank statement',
      }),
    );
  });

  it('matches a waiting credit to an order by hand through the same settlement, and only with a note', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '42.00' });
    const utr = freshUtr();
    const posted = await json(await replay(hdfcCredit(utr, '42.00')));
    const creditId = posted.data.credit.id;
    const noNote = await t.operator('POST', `/operator/api/credits/${creditId}/match`, { payment_uid: uid });
    expect(noNote.status).toBe(400);
    expect((await json(noNote)).data.details).toMatch(/^note/);

    const matched = await t.operator('POST', `/operator/api/credits/${creditId}/match`, {
      payment_uid: uid,
      note: 'payer sent a screenshot; typed the UTR wrong',
    });
    expect(matched.status).toBe(200);
    expect((await json(matched)).data).toMatchObject({ outcome: 'completed', payment_status: 'completed' });
    expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'completed', matched_utr: utr });
    const [posting] = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM ledger_postings WHERE payment_uid = $1',
      [uid],
    );
    expect(posting?.n).toBeGreaterThan(0);

    const twice = await t.operator('POST', `/operator/api/credits/${creditId}/match`, {
      payment_uid: uid,
      note: 'x',
    });
    expect(twice.status).toBe(409);
    const audit = (
      await json(
        await t.operator('GET', `/operator/api/audit?action=credit.match&subject=credit:${creditId}`),
      )
    ).data;
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'root',
        before: expect.objectContaining({ utr, payment_uid: null, order_status: 'pending' }),
        after: { payment_uid: uid, payment_status: 'completed' },
      }),
    ]);
  });

  it('refuses to match a credit to an order an operator failed, in the error shape, and the credit keeps waiting', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '43.00' });
    const failed = await t.operator('POST', `/operator/api/orders/${uid}/status`, {
      status: 'failed',
      reason: 'bank says no such payment',
    });
    expect(failed.status).toBe(200);
    const utr = freshUtr();
    const creditId = (await json(await replay(hdfcCredit(utr, '43.00')))).data.credit.id;
    const refused = await t.operator('POST', `/operator/api/credits/${creditId}/match`, {
      payment_uid: uid,
      note: 'payer says this was the order',
    });
    expect(refused.status).toBe(409);
    expect((await json(refused)).data.details).toMatch(/^payment_uid: an operator failed this order/);
    expect((await orderRow(t, uid)).payment_status).toBe('failed');
    const [row] = await queryRows(
      t.db,
      z.object({ payment_uid: z.string().nullable() }),
      'SELECT payment_uid FROM bank_credits WHERE id = $1',
      [Number(creditId)],
    );
    expect(row?.payment_uid).toBeNull();
  });

  it('refuses to match a credit that already settled another order', async () => {
    const holder = await createIncome(t, t.merchant, { amount: '30.00' });
    const other = await createIncome(t, t.merchant, { amount: '30.00' });
    const utr = freshUtr();
    await claim(t, holder, utr);
    const response = await credit(t, utr, '31.00');
    expect(response.status).toBe(201);
    const [row] = await queryRows(
      t.db,
      z.object({ id: z.number() }),
      'SELECT id FROM bank_credits WHERE utr = $1',
      [utr],
    );
    const refused = await t.operator('POST', `/operator/api/credits/${row?.id}/match`, {
      payment_uid: other,
      note: 'x',
    });
    expect(refused.status).toBe(409);
    expect((await orderRow(t, other)).payment_status).toBe('pending');
  });

  it('keeps the audit log append-only', async () => {
    await expect(t.db.query(`UPDATE audit_log SET actor = 'someone'`)).rejects.toThrow(/immutable/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/immutable/);
  });
});

describe('the ledger these flows leave', () => {
  it("is sound by the operators' ledger check", async () => {
    await expectSoundLedger(t.db);
  });
});
