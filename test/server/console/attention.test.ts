import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attention, AttentionItem } from '../../../src/shared/attention-views.js';
import { createSource, forwardSms, hdfcCredit } from '../credits/credit-support.js';
import {
  claim,
  count,
  createIncome,
  createLifecycleApp,
  credit,
  freshUtr,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createLifecycleApp({ CLAIM_ATTENTION_MINUTES: '20' });
  token = (await createSource(t, t.merchant)).ingest_token ?? '';
});
afterAll(async () => {
  await t.close();
});

async function attention(): Promise<Attention> {
  const response = await t.operator('GET', '/operator/api/attention');
  expect(response.status).toBe(200);
  return (await json(response)).data as Attention;
}

const itemsOf = async (kind: AttentionItem['kind']) =>
  (await attention()).items.filter((item) => item.kind === kind);

async function sms(text: string): Promise<{ text_id: string; outcome: string; reason: string }> {
  const response = await forwardSms(t, token, { text, from: 'VM-HDFCBK' });
  expect(response.status).toBe(200);
  return (await json(response)).data;
}

const dismiss = (textId: string, body: unknown) =>
  t.operator('POST', `/operator/api/credits/texts/${textId}/dismiss`, body);

describe(`the Needs attention queue (${storeKind})`, () => {
  it('lists a text that conflicts with a known credit, with its reason, until it is dismissed', async () => {
    const utr = freshUtr();
    expect((await sms(hdfcCredit(utr, '499.00'))).outcome).toBe('credit');
    const conflict = await sms(hdfcCredit(utr, '500.00'));
    expect(conflict.outcome).toBe('conflict');

    const queued = (await itemsOf('conflict_text')).find((item) => item.text_id === conflict.text_id);
    expect(queued).toMatchObject({
      utr,
      amount: '500.00',
      merchant_uid: t.merchant.merchant_uid,
      reason: expect.stringContaining('499.00'),
      detail: hdfcCredit(utr, '500.00'),
    });
    const before = await attention();
    expect(before.counts.conflict_text).toBeGreaterThanOrEqual(1);

    const dismissed = await dismiss(conflict.text_id, { note: 'the bank sent a corrected alert' });
    expect(dismissed.status).toBe(200);
    expect((await json(dismissed)).data).toEqual({
      text_id: conflict.text_id,
      outcome: 'dismissed',
      reason: 'dismissed by root: the bank sent a corrected alert',
    });
    const after = await attention();
    expect(after.items.map((item) => item.text_id)).not.toContain(conflict.text_id);
    expect(after.counts.conflict_text).toBe(before.counts.conflict_text - 1);
    // Kept as received, with its new outcome, and the action audited with the note.
    expect(await count(t, `raw_texts WHERE id = $1 AND outcome = 'dismissed'`, [conflict.text_id])).toBe(1);
    const audit = await json(
      await t.operator('GET', `/operator/api/audit?subject=text:${conflict.text_id}&action=text.dismiss`),
    );
    expect(audit.data).toEqual([
      expect.objectContaining({
        actor: 'root',
        before: { outcome: 'conflict', reason: conflict.reason },
        after: { outcome: 'dismissed' },
        note: 'the bank sent a corrected alert',
      }),
    ]);
    const again = await dismiss(conflict.text_id, { note: 'twice' });
    expect(again.status).toBe(409);
    expect((await json(again)).data.details).toBe('text: already dismissed; nothing to dismiss');
  });

  it('lists an unparsed text; dismissing needs a note and a known text that gave no credit', async () => {
    const unparsed = await sms('Money Received - INR 75.00 in HDFC Bank A/c xx9012 from asha@ybl.');
    expect(unparsed.outcome).toBe('unparsed');
    expect((await itemsOf('unparsed_text')).map((item) => item.text_id)).toContain(unparsed.text_id);

    const noNote = await dismiss(unparsed.text_id, {});
    expect(noNote.status).toBe(400);
    expect((await json(noNote)).data.details).toMatch(/^note/);
    expect((await dismiss('999999999', { note: 'x' })).status).toBe(404);
    const gave = await sms(hdfcCredit(freshUtr(), '12.00'));
    expect((await dismiss(gave.text_id, { note: 'x' })).status).toBe(409);

    expect((await dismiss(unparsed.text_id, { note: 'no reference: paid in cash' })).status).toBe(200);
    expect((await itemsOf('unparsed_text')).map((item) => item.text_id)).not.toContain(unparsed.text_id);
  });

  it('lists a claimed UTR with no credit once CLAIM_ATTENTION_MINUTES have passed, until its credit comes', async () => {
    const order = await createIncome(t, t.merchant, { amount: '310.00' });
    const utr = freshUtr();
    expect((await claim(t, order, utr)).status).toBe(200);
    const listed = async () => (await itemsOf('claim_without_credit')).filter((item) => item.utr === utr);
    t.clock.advance(19 * 60_000);
    expect(await listed()).toEqual([]);
    t.clock.advance(2 * 60_000);
    expect(await listed()).toEqual([
      expect.objectContaining({
        payment_uid: order,
        amount: '310.00',
        merchant_uid: t.merchant.merchant_uid,
      }),
    ]);
    expect((await credit(t, utr, '310.00')).status).toBe(201);
    expect(await listed()).toEqual([]);
  });

  it('lists an order whose payer reached the UTR limit', async () => {
    const order = await createIncome(t, t.merchant, { amount: '45.00' });
    for (let i = 0; i < 5; i++) expect((await claim(t, order, freshUtr())).status).toBe(200);
    const listed = (await itemsOf('claim_limit')).find((item) => item.payment_uid === order);
    expect(listed?.reason).toBe('payer claimed 5 UTRs, the most an order takes, and none was credited');
  });

  it('lists a credit that can never match as it stands, with the reason', async () => {
    const utr = freshUtr();
    await credit(t, utr, '10.00', { payee: 'stranger@okicici' });
    expect((await itemsOf('conflict_credit')).find((item) => item.utr === utr)).toMatchObject({
      reason: "payee unknown: stranger@okicici is no merchant's collection account",
      amount: '10.00',
      credit_id: expect.any(String),
    });
  });

  it('lists a credit a statement line contradicted as frozen', async () => {
    const order = await createIncome(t, t.merchant, { amount: '88.00' });
    const utr = freshUtr();
    expect((await claim(t, order, utr)).status).toBe(200);
    expect((await sms(hdfcCredit(utr, '88.00'))).outcome).toBe('credit');
    const statement = await t.app.request('/operator/api/credits/import?profile=generic', {
      method: 'POST',
      headers: { Authorization: `Bearer ${OPERATOR_TOKEN}`, 'Content-Type': 'text/csv' },
      body: `utr,amount,payee,payer_name,credited_at\n${utr},80.00,chaipoint@okaxis,Ravi Kumar,2026-01-15`,
    });
    expect(statement.status).toBe(200);
    expect((await itemsOf('frozen_credit')).find((item) => item.utr === utr)).toMatchObject({
      payment_uid: order,
      amount: '88.00',
      detail: 'the statement says 80.00 to chaipoint@okaxis',
    });
  });

  it('gives Today the same counts as the queue', async () => {
    const today = (await json(await t.operator('GET', '/operator/api/summary/today'))).data;
    expect(today.attention).toEqual((await attention()).counts);
    expect(today.attention.claim_limit).toBeGreaterThanOrEqual(1);
  });
});
