/**
 * Bank alerts believed only from the bank (docs/bank-texts.md): a forwarded SMS becomes a credit
 * only from a DLT header whose code is the bank's the text names, an e-mail alert only from the
 * bank's own domain; anything else is kept `suspect`, listed in Needs attention, and becomes a
 * credit only when an operator fixes it (a second operator approving, under dual control) or an
 * operator adds the code or domain to the source.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bankNamedIn } from '../../../src/server/credits/bank-text/bank-of.js';
import { BANK_SENDERS, dltCode, suspectSender } from '../../../src/server/credits/bank-text/bank-senders.js';
import { parseBankText } from '../../../src/server/credits/bank-text/parse-bank-text.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { claim, createIncome, freshUtr } from '../lifecycle/support/lifecycle-fixture.js';
import { addOperator, asOperator } from '../support/operators.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';
import { createSource, forwardSms, hdfcCredit } from './credit-support.js';

interface SenderFixture {
  readonly banks: readonly { bank: string; headers: string[]; emails: string[] }[];
  readonly not_headers: readonly string[];
}

const fixtures = join(import.meta.dirname, 'fixtures');
const senders = JSON.parse(readFileSync(join(fixtures, 'bank-senders.json'), 'utf8')) as SenderFixture;
const noneAdded = { sender_codes: [], sender_domains: [] };

describe('the banks’ senders (code)', () => {
  it('knows the senders of every bank the parser reads', () => {
    expect(senders.banks.map((b) => b.bank).sort()).toEqual(BANK_SENDERS.map((b) => b.bank).sort());
  });

  for (const { bank, headers, emails } of senders.banks) {
    it(`takes ${bank}'s headers and e-mail addresses for ${bank}'s texts, and for no other bank's`, () => {
      const other = bank === 'HDFC Bank' ? 'SBI' : 'HDFC Bank';
      for (const sender of headers) {
        expect(suspectSender({ channel: 'sms', sender, textBank: bank, source: noneAdded }), sender).toBe(
          undefined,
        );
        expect(suspectSender({ channel: 'sms', sender, textBank: '', source: noneAdded }), sender).toBe(
          undefined,
        );
        expect(suspectSender({ channel: 'sms', sender, textBank: other, source: noneAdded })).toMatch(
          `is ${bank}'s, the text is ${other}'s`,
        );
      }
      for (const sender of emails) {
        expect(suspectSender({ channel: 'email', sender, textBank: bank, source: noneAdded }), sender).toBe(
          undefined,
        );
        expect(suspectSender({ channel: 'email', sender, textBank: other, source: noneAdded })).toMatch(
          `is ${bank}'s, the text is ${other}'s`,
        );
      }
    });
  }

  it('reads no DLT code from what is not a DLT header', () => {
    for (const sender of senders.not_headers) expect(dltCode(sender), sender).toBe(undefined);
    expect(
      suspectSender({ channel: 'sms', sender: '+919876543210', textBank: 'SBI', source: noneAdded }),
    ).toBe('sender: +919876543210 is a phone number; a bank alert comes from a DLT header such as VM-HDFCBK');
  });

  it("takes every credit alert of the bank-text fixtures from its own bank's header: the text names no other bank", () => {
    const dir = join(fixtures, 'bank-texts');
    let credits = 0;
    for (const file of readdirSync(dir)) {
      const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        bank: string;
        texts: { text: string }[];
      };
      const header = senders.banks.find((b) => b.bank === fixture.bank)?.headers[0] ?? '';
      for (const { text } of fixture.texts) {
        if (parseBankText({ text, receivedAt: new Date() }).kind !== 'credit') continue;
        credits += 1;
        const check = {
          channel: 'sms' as const,
          sender: header,
          textBank: bankNamedIn(text),
          source: noneAdded,
        };
        expect(suspectSender(check), `${file}: ${text}`).toBe(undefined);
      }
    }
    expect(credits).toBeGreaterThan(30);
  });

  it('takes a code or domain the source adds, whatever bank the text names', () => {
    const source = { sender_codes: ['ABCBNK'], sender_domains: ['examplebank.in'] };
    expect(suspectSender({ channel: 'sms', sender: 'VM-ABCBNK', textBank: 'SBI', source })).toBe(undefined);
    expect(suspectSender({ channel: 'email', sender: 'a@mail.examplebank.in', textBank: '', source })).toBe(
      undefined,
    );
    expect(suspectSender({ channel: 'email', sender: 'a@notexamplebank.in', textBank: '', source })).toMatch(
      /no known bank's/,
    );
  });
});

let t: TestApp;
let asha: string;
let ravi: string;

const creditsOf = (utr: string) =>
  queryRows(
    t.db,
    z.object({ payment_uid: z.string().nullable(), evidence: z.string() }),
    'SELECT payment_uid, evidence FROM bank_credits WHERE utr = $1',
    [utr],
  );

const email = (from: string, utr: string) =>
  [`From: ${from}`, 'Subject: Credit', '', hdfcCredit(utr, '13.00'), ''].join('\r\n');

const postEmail = (token: string, body: string) =>
  t.app.request('/ingest/email', {
    method: 'POST',
    headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${token}` },
    body,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { DUAL_CONTROL: 'on' } });
  asha = await addOperator(t, 'asha');
  ravi = await addOperator(t, 'ravi');
});
afterAll(async () => {
  await t.close();
});

describe(`texts from a sender that is not the bank (${storeKind})`, () => {
  it('keeps a text from a phone number, another bank’s header or no sender as suspect, with no credit', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    for (const [from, reason] of [
      [
        '+919876543210',
        'sender: +919876543210 is a phone number; a bank alert comes from a DLT header such as VM-HDFCBK',
      ],
      ['VM-ICICIB', "sender: VM-ICICIB: the code is ICICI Bank's, the text is HDFC Bank's"],
      [
        'VM-FAKEBK',
        "sender: VM-FAKEBK: the code is no known bank's (the text is HDFC Bank's); an operator can add it to the source",
      ],
      [undefined, 'sender: missing; a bank alert comes from a DLT header such as VM-HDFCBK'],
    ] as const) {
      const utr = freshUtr();
      const response = await forwardSms(t, token, {
        text: hdfcCredit(utr, '10.00'),
        ...(from ? { from } : {}),
      });
      expect(response.status).toBe(200);
      expect((await json(response)).data).toMatchObject({ outcome: 'suspect', reason });
      expect(await creditsOf(utr)).toEqual([]);
    }
  });

  it('lists a suspect text in Needs attention; a fix becomes a credit only once a second operator approves it', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    const uid = await createIncome(t, t.merchant, { amount: '10.00' });
    const utr = freshUtr();
    expect((await claim(t, uid, utr)).status).toBe(200);
    const text = (
      await json(await forwardSms(t, token, { text: hdfcCredit(utr, '10.00'), from: '9876543210' }))
    ).data;
    expect(text.outcome).toBe('suspect');

    const attention = (await json(await asOperator(t, asha, 'GET', '/operator/api/attention'))).data;
    expect(attention.items).toContainEqual(
      expect.objectContaining({ kind: 'suspect_text', text_id: text.text_id }),
    );

    const fix = await asOperator(t, asha, 'POST', `/operator/api/credits/texts/${text.text_id}/fix`, {
      utr,
      amount: '10.00',
      note: 'the bank statement shows it',
    });
    expect(fix.status).toBe(202);
    expect(await creditsOf(utr)).toEqual([]);
    const proposal = (await json(fix)).data;
    const approved = await asOperator(
      t,
      ravi,
      'POST',
      `/operator/api/approvals/${proposal.approval_id}/approve`,
      {},
    );
    expect(approved.status).toBe(200);
    expect(await creditsOf(utr)).toEqual([{ payment_uid: uid, evidence: 'sms' }]);
  });

  it('can be dismissed with a note', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    const text = (await json(await forwardSms(t, token, { text: hdfcCredit(freshUtr(), '10.00'), from: '' })))
      .data;
    const dismissed = await asOperator(
      t,
      asha,
      'POST',
      `/operator/api/credits/texts/${text.text_id}/dismiss`,
      {
        note: 'not from the bank',
      },
    );
    expect(dismissed.status).toBe(200);
    const [row] = await queryRows(
      t.db,
      z.object({ outcome: z.string() }),
      'SELECT outcome FROM raw_texts WHERE id = $1',
      [Number(text.text_id)],
    );
    expect(row?.outcome).toBe('dismissed');
  });

  it('takes e-mail alerts only from the bank’s own domains', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    const own = freshUtr();
    expect(
      (await json(await postEmail(token, email('HDFC Bank <alerts@hdfcbank.net>', own)))).data.outcome,
    ).toBe('credit');
    const spoof = freshUtr();
    const answered = (await json(await postEmail(token, email('alerts@hdfcbank.net.example.com', spoof))))
      .data;
    expect(answered).toMatchObject({ outcome: 'suspect', reason: expect.stringMatching(/no known bank's/) });
    expect(await creditsOf(spoof)).toEqual([]);
  });
});

describe(`senders an operator adds to a source (${storeKind})`, () => {
  it('adds DLT codes and e-mail domains (PATCH, audited); texts from them become credits', async () => {
    const source = await createSource(t, t.merchant);
    const token = source.ingest_token ?? '';
    const before = freshUtr();
    expect(
      (await json(await forwardSms(t, token, { text: hdfcCredit(before, '10.00'), from: 'JD-HDFCXY' }))).data
        .outcome,
    ).toBe('suspect');

    const patched = await asOperator(t, asha, 'PATCH', `/operator/api/credit-sources/${source.source_id}`, {
      sender_codes: ['hdfcxy', 'HDFCXY'],
      sender_domains: ['Mail.ExampleBank.in'],
    });
    expect(patched.status).toBe(200);
    expect((await json(patched)).data).toMatchObject({
      sender_codes: ['HDFCXY'],
      sender_domains: ['mail.examplebank.in'],
    });
    const listed = (await json(await asOperator(t, asha, 'GET', '/operator/api/credit-sources'))).data;
    expect(listed.find((s: { id: string }) => s.id === source.source_id)).toMatchObject({
      sender_codes: ['HDFCXY'],
    });

    const sms = freshUtr();
    expect(
      (await json(await forwardSms(t, token, { text: hdfcCredit(sms, '10.00'), from: 'JD-HDFCXY-S' }))).data
        .outcome,
    ).toBe('credit');
    const mail = freshUtr();
    expect(
      (await json(await postEmail(token, email('alerts@out.mail.examplebank.in', mail)))).data.outcome,
    ).toBe('credit');
    expect(await creditsOf(sms)).toEqual([{ payment_uid: null, evidence: 'sms' }]);

    // Only one list given: the other stays.
    const codesOnly = await asOperator(t, asha, 'PATCH', `/operator/api/credit-sources/${source.source_id}`, {
      sender_codes: [],
    });
    expect((await json(codesOnly)).data).toMatchObject({
      sender_codes: [],
      sender_domains: ['mail.examplebank.in'],
    });

    const audit = (
      await json(await asOperator(t, asha, 'GET', `/operator/api/audit?subject=source:${source.source_id}`))
    ).data;
    expect(JSON.stringify(audit)).toContain('credit_source.senders');
  });

  it('refuses what is no code or domain with a clear error, and an unknown source with 404', async () => {
    const source = await createSource(t, t.merchant);
    for (const body of [
      { sender_codes: ['VM-HDFCBK'] },
      { sender_codes: ['HDFC'] },
      { sender_domains: ['not a domain'] },
      { sender_domains: ['localhost'] },
      {},
      { sender_codes: 'HDFCBK' },
    ]) {
      const response = await asOperator(
        t,
        asha,
        'PATCH',
        `/operator/api/credit-sources/${source.source_id}`,
        body,
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).result).toBe('error');
    }
    const unknown = await asOperator(t, asha, 'PATCH', '/operator/api/credit-sources/cs_nosuchsource', {
      sender_codes: [],
    });
    expect(unknown.status).toBe(404);
  });
});

describe(`each token on its own route (${storeKind})`, () => {
  it("refuses an api source's token on /ingest/sms and /ingest/email, and an sms source's on /ingest/credits", async () => {
    const api = await createSource(t, t.merchant, { kind: 'api', name: 'Bank API' });
    const sms = await createSource(t, t.merchant);
    const utr = freshUtr();
    const text = JSON.stringify({ text: hdfcCredit(utr, '10.00'), from: 'VM-HDFCBK' });
    for (const path of ['/ingest/sms', `/ingest/sms/${api.ingest_token}`]) {
      const response = await t.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${api.ingest_token}` },
        body: text,
      });
      expect(response.status, path).toBe(404);
    }
    expect((await postEmail(api.ingest_token ?? '', email('alerts@hdfcbank.net', utr))).status).toBe(404);
    const credit = (bearer: string | undefined) =>
      t.app.request('/ingest/credits', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ utr, amount: '10.00' }),
      });
    expect((await credit(sms.ingest_token)).status).toBe(401);
    expect(await creditsOf(utr)).toEqual([]);
    const stored = await queryRows(
      t.db,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM raw_texts WHERE source_id = $1',
      [api.source_id],
    );
    expect(stored).toEqual([{ n: 0 }]);

    // The api source's own route takes it, with the evidence of a bank integration.
    expect((await credit(api.ingest_token)).status).toBe(201);
    expect(await creditsOf(utr)).toEqual([{ payment_uid: null, evidence: 'api_source' }]);
  });
});
