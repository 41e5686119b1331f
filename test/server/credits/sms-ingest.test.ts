import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../src/server/app.js';
import { openPgDb } from '../../../src/server/store/pg-db.js';
import { queryRows } from '../../../src/server/store/rows.js';
import {
  claim,
  count,
  createIncome,
  freshUtr,
  orderRow,
  UNLIMITED,
} from '../lifecycle/support/lifecycle-fixture.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';
import { createSource, forwardSms, hdfcCredit } from './credit-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ app: { payerLimits: UNLIMITED, ingestLimit: { burst: 5, perSecond: 1 } } });
});
afterAll(async () => {
  await t.close();
});

describe('credit sources', () => {
  it('shows an SMS source its ingest token once and keeps only a digest of it', async () => {
    const source = await createSource(t, t.merchant);
    expect(source.ingest_token).toMatch(/^it_[A-Za-z0-9_-]{32}$/);
    const listed = await json(
      await t.operator('GET', `/operator/api/credit-sources?merchant_uid=${t.merchant.merchant_uid}`),
    );
    expect(listed.data).toContainEqual(
      expect.objectContaining({ id: source.source_id, kind: 'sms', status: 'active' }),
    );
    expect(JSON.stringify(listed)).not.toContain(source.ingest_token);
    expect(await count(t, `credit_sources WHERE token_digest = $1`, [source.ingest_token ?? ''])).toBe(0);
  });

  it('binds a source to one of the merchant collection accounts only', async () => {
    const wrong = await t.operator('POST', '/operator/api/credit-sources', {
      merchant_uid: t.merchant.merchant_uid,
      account: 'someone@okaxis',
      kind: 'sms',
      name: 'x',
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).data.details).toMatch(/^account/);
    const unknown = await t.operator('POST', '/operator/api/credit-sources', {
      merchant_uid: 'MNOSUCH',
      account: '123456789012',
      kind: 'statement',
      name: 'x',
    });
    expect(unknown.status).toBe(404);
    const statement = await createSource(t, t.merchant, { account: '123456789012', kind: 'statement' });
    expect(statement.ingest_token).toBeUndefined();
  });
});

describe('forwarded SMS', () => {
  it('reads the shapes forwarder apps send: JSON, form and plain text, times in s, ms or ISO', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    const [a, b, c] = [freshUtr(), freshUtr(), freshUtr()];
    const json1 = await forwardSms(t, token, {
      from: 'VM-HDFCBK',
      message: hdfcCredit(a, '10.00'),
      timestamp: 1768460400123,
    });
    expect(json1.status).toBe(200);
    expect((await json(json1)).data).toMatchObject({ outcome: 'credit' });
    const form = await t.app.request(`/ingest/sms/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        sender: 'VM-HDFCBK',
        body: hdfcCredit(b, '11.00'),
        time: '1768460400',
      }).toString(),
    });
    expect((await json(form)).data.outcome).toBe('credit');
    const plain = await t.app.request(`/ingest/sms/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: hdfcCredit(c, '12.00'),
    });
    // A bare message names no sender: kept, suspect, until its sender is named in the URL.
    expect((await json(plain)).data).toMatchObject({
      outcome: 'suspect',
      reason: expect.stringMatching(/^sender: missing/),
    });
    const named = await t.app.request(`/ingest/sms/${token}?from=VM-HDFCBK`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: hdfcCredit(freshUtr(), '12.00'),
    });
    expect((await json(named)).data.outcome).toBe('credit');
    const texts = await queryRows(
      t.db,
      z.object({ sender: z.string(), received_at: z.date(), channel: z.string() }),
      `SELECT sender, received_at, channel FROM raw_texts WHERE body LIKE '%' || $1 || '%' OR body LIKE '%' || $2 || '%' ORDER BY id`,
      [a, b],
    );
    expect(texts.map((x) => [x.sender, x.received_at.toISOString()])).toEqual([
      ['VM-HDFCBK', '2026-01-15T07:00:00.123Z'],
      ['VM-HDFCBK', '2026-01-15T07:00:00.000Z'],
    ]);
    const credits = await queryRows(
      t.db,
      z.object({ payee: z.string(), source: z.string(), amount: z.number() }),
      'SELECT payee, source, amount FROM bank_credits WHERE utr = $1',
      [a],
    );
    expect(credits).toEqual([{ payee: 'chaipoint@okaxis', source: 'sms', amount: 1000 }]);
  });

  it('stores every text; the same text twice yields one credit; debits, OTPs and texts without a reference give none', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    const utr = freshUtr();
    const outcomes = [];
    for (const text of [
      hdfcCredit(utr, '20.00'),
      hdfcCredit(utr, '20.00'),
      `Sent Rs.334.00 From HDFC Bank A/C *9012 To SWIGGY On 21/12/25 Ref ${freshUtr()} Not You? Call 18002586161`,
      '482913 is your OTP for UPI PIN reset. Never share OTP with anyone - HDFC Bank',
      'Money Received - INR 75.00 in HDFC Bank A/c xx9012 on 15-01-26 from asha@ybl.',
    ]) {
      const response = await forwardSms(t, token, { text, from: 'VM-HDFCBK' });
      expect(response.status).toBe(200);
      outcomes.push((await json(response)).data);
    }
    expect(outcomes.map((o) => [o.outcome, o.reason])).toEqual([
      ['credit', 'no order has claimed this UTR yet'],
      ['duplicate', expect.stringMatching(/same text/)],
      ['ignored', 'debit'],
      ['ignored', 'otp'],
      ['unparsed', 'credit alert without a 12-digit reference'],
    ]);
    expect(await count(t, 'bank_credits WHERE utr = $1', [utr])).toBe(1);
    expect(await count(t, `raw_texts WHERE body LIKE '%' || $1 || '%'`, [utr])).toBe(2);
  });

  it('completes the claimed order whose UTR and amount a forwarded SMS carries', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    const uid = await createIncome(t, t.merchant, { amount: '1250.50' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    const response = await forwardSms(t, token, { msg: hdfcCredit(utr, '1,250.50'), address: 'AD-HDFCBK' });
    expect((await json(response)).data).toMatchObject({
      outcome: 'credit',
      reason: 'matched; order completed',
    });
    expect(await orderRow(t, uid)).toMatchObject({
      payment_status: 'completed',
      matched_utr: utr,
      final_amount: 125050,
    });
    expect(await count(t, `outbox WHERE payment_uid = $1 AND payment_status = 'completed'`, [uid])).toBe(1);
  });

  it('answers 404 in the error shape for an unknown or revoked token, and keeps a body without a text as invalid', async () => {
    const unknown = await forwardSms(t, 'it_nosuchtoken', { text: 'x' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).result).toBe('error');
    const source = await createSource(t, t.merchant);
    const empty = await forwardSms(t, source.ingest_token ?? '', { from: 'VM-HDFCBK' });
    expect(empty.status).toBe(200);
    expect((await json(empty)).data).toMatchObject({
      outcome: 'invalid',
      reason: expect.stringMatching(/^text/),
    });
    expect((await t.operator('DELETE', `/operator/api/credit-sources/${source.source_id}`)).status).toBe(200);
    expect((await forwardSms(t, source.ingest_token ?? '', { text: 'x' })).status).toBe(404);
  });

  it('limits each token on its own and tells when to come back', async () => {
    const { ingest_token: busy = '' } = await createSource(t, t.merchant);
    const { ingest_token: quiet = '' } = await createSource(t, t.merchant);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await forwardSms(t, busy, { text: `promo ${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await forwardSms(t, busy, { text: 'again' });
    expect(limited.headers.get('Retry-After')).toBe('1');
    expect((await forwardSms(t, quiet, { text: 'hello' })).status).toBe(200);
    t.clock.advance(1000);
    expect((await forwardSms(t, busy, { text: 'later' })).status).toBe(200);
  });

  it(`shares one limit per token between service instances on one store (${storeKind})`, async () => {
    // A second instance of the service: on PostgreSQL with its own connection pool, as another process.
    const otherDb = storeKind === 'postgres' ? await openPgDb(t.db.url as string, 2) : t.db;
    try {
      const other = createApp({ ...t.deps, db: otherDb }, { ingestLimit: { burst: 5, perSecond: 1 } });
      const { ingest_token: token = '' } = await createSource(t, t.merchant);
      const post = (app: typeof other, i: number) =>
        app.request(`/ingest/sms/${token}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: `promo ${i}` }),
        });
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await post(i % 2 === 0 ? t.app : other, i)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const [bucket] = await queryRows(
        t.db,
        z.object({ n: z.number() }),
        `SELECT count(*)::int AS n FROM rate_limits WHERE scope = 'ingest'`,
      );
      expect(bucket?.n).toBeGreaterThan(0);
      expect((await forwardSms(t, 'it_unknown', { text: 'x' })).status).toBe(404);
    } finally {
      if (otherDb !== t.db) await otherDb.close();
    }
  });
});

describe('e-mail alerts', () => {
  it('reads a raw message with a mail parser and gives the same outcome as the SMS', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    const utr = freshUtr();
    const raw = [
      'From: HDFC Bank InstaAlerts <alerts@hdfcbank.net>',
      'To: owner@chaipoint.example',
      'Subject: =?UTF-8?Q?=E2=82=B9_45.00_received?=',
      'Date: Thu, 15 Jan 2026 09:30:00 +0530',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      `<p>Dear Customer,</p><p>Rs.45.00 has been credited to your account **9012 by VPA asha@ybl on 15-01-26. =`,
      `Your UPI transaction reference number is ${utr}.</p>`,
      '--b1--',
      '',
    ].join('\r\n');
    const response = await t.app.request(`/ingest/email/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'message/rfc822' },
      body: raw,
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data.outcome).toBe('credit');
    const [credit] = await queryRows(
      t.db,
      z.object({ amount: z.number(), payer_name: z.string(), source: z.string() }),
      'SELECT amount, payer_name, source FROM bank_credits WHERE utr = $1',
      [utr],
    );
    expect(credit).toEqual({ amount: 4500, payer_name: 'asha@ybl', source: 'email' });
    const [text] = await queryRows(
      t.db,
      z.object({ sender: z.string(), channel: z.string(), received_at: z.date() }),
      'SELECT sender, channel, received_at FROM raw_texts WHERE credit_id IS NOT NULL ORDER BY id DESC LIMIT 1',
    );
    expect(text).toEqual({
      sender: 'alerts@hdfcbank.net',
      channel: 'email',
      received_at: new Date('2026-01-15T04:00:00Z'),
    });
  });
});

describe('the ledger these flows leave', () => {
  it("is sound by the operators' ledger check", async () => {
    await expectSoundLedger(t.db);
  });
});
