import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../../src/server/store/rows.js';
import {
  claim,
  count,
  createIncome,
  createLifecycleApp,
  orderRow,
} from '../lifecycle/support/lifecycle-fixture.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';
import { createSource } from './credit-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'fixtures', 'statements', name), 'utf8');
async function upload(body: string, query = '') {
  const response = await t.app.request(`/operator/api/credits/import${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${OPERATOR_TOKEN}`, 'Content-Type': 'text/csv' },
    body,
  });
  return { status: response.status, body: await json(response) };
}

describe('statement import', () => {
  it('settles claimed orders from an HDFC export bound to a statement source, line by line, idempotently', async () => {
    const source = await createSource(t, t.merchant, { account: '123456789012', kind: 'statement' });
    const paid = await createIncome(t, t.merchant, { amount: '1250.50', payterm: 'IMPS' });
    await claim(t, paid, '601512345680');

    const first = await upload(fixture('hdfc.csv'), `?profile=hdfc&source_id=${source.source_id}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ format: 'csv', profile: 'hdfc', lines: 3 });
    expect(first.body.data.results).toEqual([
      expect.objectContaining({ line: 2, outcome: 'completed', utr: '601512345680', payment_uid: paid }),
      { line: 3, outcome: 'ignored', reason: 'debit' },
      expect.objectContaining({ line: 4, outcome: 'waiting', utr: '601612345680', amount: '25000.00' }),
    ]);
    expect(await orderRow(t, paid)).toMatchObject({ payment_status: 'completed' });
    const [waiting] = await queryRows(
      t.db,
      z.object({ payee: z.string(), source_id: z.string(), payer_name: z.string() }),
      'SELECT payee, source_id, payer_name FROM bank_credits WHERE utr = $1',
      ['601612345680'],
    );
    expect(waiting).toEqual({
      payee: '123456789012',
      source_id: source.source_id,
      payer_name: 'Kumar, Ravi',
    });

    const again = await upload(fixture('hdfc.csv'), `?source_id=${source.source_id}`);
    expect(again.body.data.summary).toEqual({ duplicate: 2, ignored: 1 });
    const audit = await queryRows(
      t.db,
      z.object({ actor: z.string(), after: z.unknown() }),
      `SELECT actor, after FROM audit_log WHERE action = 'statement.import' AND subject = $1 ORDER BY id`,
      [`source:${source.source_id}`],
    );
    expect(audit).toEqual([
      {
        actor: 'root',
        after: {
          format: 'csv',
          profile: 'hdfc',
          lines: 3,
          summary: { completed: 1, ignored: 1, waiting: 1 },
        },
      },
      {
        actor: 'root',
        after: { format: 'csv', profile: 'hdfc', lines: 3, summary: { duplicate: 2, ignored: 1 } },
      },
    ]);
    expect(await count(t, `bank_credits WHERE source = 'statement' AND utr LIKE '6015123456%'`)).toBe(1);
  });

  it('imports MT940 and camt.053 through the same path', async () => {
    const mt940 = await upload(fixture('statement.mt940'));
    expect(mt940.body.data).toMatchObject({ format: 'mt940', summary: { waiting: 2, ignored: 1 } });
    const camt = await upload(fixture('statement.camt053.xml'));
    expect(camt.body.data).toMatchObject({
      format: 'camt.053',
      summary: { waiting: 2, ignored: 1, invalid: 1 },
    });
  });

  it('answers bad requests in the error shape', async () => {
    expect((await upload('', '')).status).toBe(400);
    const format = await upload('x', '?format=pdf');
    expect(format.status).toBe(400);
    expect(format.body.data.details).toMatch(/^format/);
    expect((await upload('utr,amount\n', '?source_id=cs_nosuch')).status).toBe(404);
  });
});

describe('the ledger these flows leave', () => {
  it("is sound by the operators' ledger check", async () => {
    await expectSoundLedger(t.db);
  });
});
