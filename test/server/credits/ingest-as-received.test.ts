/**
 * Whatever a forwarder sends with a valid token is stored as received before anything can refuse
 * it: multi-line alerts become credits, and a body that cannot be read as a text (NUL, bytes that
 * are no UTF-8, a broken form or JSON, a message too deep for the mail parser) is kept with
 * outcome `invalid`, its reason and its original bytes, answered 200: a forwarder drops a text it
 * was answered 4xx for, and the payer's order would never complete.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRow, queryRows } from '../../../src/server/store/rows.js';
import {
  claim,
  createIncome,
  freshUtr,
  orderRow,
  UNLIMITED,
} from '../lifecycle/support/lifecycle-fixture.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { createSource } from './credit-support.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ app: { payerLimits: UNLIMITED } });
  token = (await createSource(t, t.merchant)).ingest_token ?? '';
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: BodyInit, contentType?: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: contentType === undefined ? {} : { 'Content-Type': contentType },
    body,
  });

const StoredText = z.object({
  body: z.string(),
  outcome: z.string(),
  reason: z.string(),
  original: z.instanceof(Uint8Array).nullable(),
});
type StoredText = z.infer<typeof StoredText>;
const Count = z.object({ n: z.number() });

async function stored(response: Response): Promise<StoredText & { answered: Record<string, string> }> {
  expect(response.status).toBe(200);
  const answer = await json(response);
  expect(answer.result).toBe('success');
  const row = await queryRow(
    t.db,
    StoredText,
    'SELECT body, outcome, reason, original FROM raw_texts WHERE id = $1',
    [Number(answer.data.text_id)],
  );
  if (!row) throw new Error(`text ${answer.data.text_id} not stored`);
  return { ...row, answered: answer.data };
}

/** The Axis Bank UPI alert as the phone shows it: amount, account, time and narration on lines of their own. */
const axisAlert = (utr: string, amount: string) =>
  [
    `INR ${amount} credited`,
    'A/c no. XX9012',
    '15-01-26, 10:15:32 IST',
    `UPI/P2A/${utr}/RAVI KUMAR`,
    'Not you? SMS BLOCKUPI Cust ID to 919951860002',
    'Axis Bank',
  ].join('\n');

describe('multi-line alerts', () => {
  it('completes the claimed order from a multi-line alert sent as JSON, form, multipart and text/plain', async () => {
    for (const [index, send] of [
      (text: string) =>
        post(`/ingest/sms/${token}`, JSON.stringify({ text, from: 'AX-AXISBK' }), 'application/json'),
      (text: string) =>
        post(
          `/ingest/sms/${token}`,
          new URLSearchParams({ text, from: 'AX-AXISBK' }).toString(),
          'application/x-www-form-urlencoded',
        ),
      (text: string) => {
        const form = new FormData();
        form.set('message', text);
        form.set('sender', 'AX-AXISBK');
        return t.app.request(`/ingest/sms/${token}`, { method: 'POST', body: form });
      },
      (text: string) =>
        post(`/ingest/sms/${token}?from=AX-AXISBK`, text.replace(/\n/g, '\r\n'), 'text/plain; charset=utf-8'),
    ].entries()) {
      const amount = `${100 + index}.00`;
      const uid = await createIncome(t, t.merchant, { amount });
      const utr = freshUtr();
      await claim(t, uid, utr);
      const text = await stored(await send(axisAlert(utr, amount)));
      expect(text.answered, `transport ${index}`).toMatchObject({
        outcome: 'credit',
        reason: 'matched; order completed',
      });
      expect(text.body).toContain(`\nUPI/P2A/${utr}/RAVI KUMAR`);
      expect(text.original).toBeNull();
      expect(await orderRow(t, uid)).toMatchObject({ payment_status: 'completed', matched_utr: utr });
    }
  });

  it('takes a multi-line text replayed by an operator, tabs included', async () => {
    const source = await createSource(t, t.merchant);
    const utr = freshUtr();
    const response = await t.operator('POST', '/operator/api/credits/sms', {
      source_id: source.source_id,
      text: `Credit Alert!\r\nRs.55.00 credited to HDFC Bank A/c XX9012 on 15-01-26 from VPA asha@ybl\t(UPI ${utr})`,
      sender: 'VM-HDFCBK',
    });
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({
      outcome: 'credit',
      credit: { utr, amount: '55.00' },
    });
  });

  it('still refuses NUL and escape sequences from an operator, naming the field', async () => {
    const source = await createSource(t, t.merchant);
    for (const text of ['Rs.5.00 credited\u0000', 'Rs.5.00 \u001b[2J credited']) {
      const response = await t.operator('POST', '/operator/api/credits/sms', {
        source_id: source.source_id,
        text,
      });
      expect(response.status).toBe(400);
      expect((await json(response)).data.details).toMatch(/^text: /);
    }
  });
});

describe('a body that cannot be read as a text', () => {
  it('keeps a NUL sent as text/plain, as a form field and in JSON, with the original bytes', async () => {
    const text = 'Rs.5.00 credited\u0000 UPI Ref 601512345678';
    for (const [body, type] of [
      [text, 'text/plain'],
      [new URLSearchParams({ text }).toString(), 'application/x-www-form-urlencoded'],
      [JSON.stringify({ text }), 'application/json'],
    ] as const) {
      const row = await stored(await post(`/ingest/sms/${token}`, body, type));
      expect(row.answered, type).toMatchObject({
        outcome: 'invalid',
        reason: expect.stringMatching(/control/),
      });
      expect(row).toMatchObject({ outcome: 'invalid' });
      expect(row.body).not.toContain('\u0000');
      expect(row.body).toContain('credited\ufffd UPI Ref 601512345678');
      expect(Buffer.from(row.original ?? []).toString('utf8')).toBe(body);
    }
    const listed = await json(await t.operator('GET', '/operator/api/credits?state=invalid'));
    expect(listed.data).toContainEqual(
      expect.objectContaining({ state: 'invalid', body: expect.stringContaining('credited\ufffd UPI Ref') }),
    );
  });

  it('keeps bytes that are no UTF-8, recoverable byte for byte', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Rs.5.00 credited '),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(' ok'),
    ]);
    const row = await stored(await post(`/ingest/sms/${token}`, bytes, 'text/plain'));
    expect(row).toMatchObject({ outcome: 'invalid', reason: expect.stringMatching(/UTF-8/) });
    expect(row.body).toContain('Rs.5.00 credited \ufffd');
    expect(Buffer.from(row.original ?? []).equals(bytes)).toBe(true);
  });

  it('keeps a multipart body that is no form, broken JSON, deep JSON and a body without a text', async () => {
    for (const [body, type, reason] of [
      ['--x\r\ngarbage without headers', 'multipart/form-data; boundary=x', /form/],
      ['{"text": "Rs.5.00 cred', 'application/json', /JSON/],
      [`{"text":${'['.repeat(8000)}${']'.repeat(8000)}}`, 'application/json', /deep/],
      [JSON.stringify({ from: 'VM-HDFCBK' }), 'application/json', /^text/],
      ['<sms>Rs.5.00</sms>', 'application/xml', /Content-Type/],
    ] as const) {
      const row = await stored(await post(`/ingest/sms/${token}`, body, type));
      expect(row.answered, type).toMatchObject({ outcome: 'invalid', reason: expect.stringMatching(reason) });
      expect(Buffer.from(row.original ?? []).toString('utf8')).toBe(body);
    }
  });

  it('keeps an e-mail nested past what the mail parser reads, and 100 KB of random bytes', async () => {
    const depth = 300;
    const nested = [
      ...Array.from(
        { length: depth },
        (_, i) => `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`,
      ),
      'Content-Type: text/plain\r\n\r\nRs.5.00 credited UPI Ref 601512345678\r\n',
      ...Array.from({ length: depth }, (_, i) => `--b${depth - 1 - i}--\r\n`),
    ].join('');
    const random = randomBytes(100 * 1024);
    for (const body of [Buffer.from(nested), random]) {
      const response = await post(`/ingest/email/${token}`, body, 'message/rfc822');
      const row = await stored(response);
      expect(['invalid', 'unparsed', 'ignored']).toContain(row.outcome);
      expect(row.body).not.toContain('\u0000');
      if (row.outcome === 'invalid') expect(Buffer.from(row.original ?? []).equals(body)).toBe(true);
    }
  });

  it('keeps an e-mail with no text at all as invalid instead of refusing it', async () => {
    const raw = 'From: alerts@hdfcbank.net\r\nSubject:\r\nContent-Type: text/plain\r\n\r\n';
    const row = await stored(await post(`/ingest/email/${token}`, raw, 'message/rfc822'));
    expect(row).toMatchObject({ outcome: 'invalid', reason: expect.stringMatching(/text/) });
  });

  it('still answers an unknown token 404 and stores nothing for it', async () => {
    const before = await queryRows(t.db, Count, 'SELECT count(*)::int AS n FROM raw_texts');
    const response = await post('/ingest/sms/it_nosuchtoken', 'Rs.5.00\u0000', 'text/plain');
    expect(response.status).toBe(404);
    const after = await queryRows(t.db, Count, 'SELECT count(*)::int AS n FROM raw_texts');
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
