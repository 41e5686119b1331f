import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balance,
  claim,
  count,
  createIncome,
  createLifecycleApp,
  freshUtr,
  orderRow,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

async function importStatement(csv: string) {
  const response = await t.app.request('/operator/api/credits/import', {
    method: 'POST',
    headers: { Authorization: `Bearer ${OPERATOR_TOKEN}`, 'Content-Type': 'text/csv' },
    body: csv,
  });
  expect(response.status).toBe(200);
  return (await json(response)).data;
}

describe('importing a bank statement', () => {
  it('matches claimed orders, keeps unclaimed credits waiting and reports each bad line', async () => {
    const key = await t.addMerchant({ name: 'Statement merchant' });
    const exact = await createIncome(t, key, { amount: '100.00' });
    const short = await createIncome(t, key, { amount: '100.00' });
    const later = await createIncome(t, key, { amount: '42.00' });
    const [exactUtr, shortUtr, laterUtr] = [freshUtr(), freshUtr(), freshUtr()];
    await claim(t, exact, exactUtr);
    await claim(t, short, shortUtr);

    const spaced = `${laterUtr.slice(0, 4)} ${laterUtr.slice(4, 8)} ${laterUtr.slice(8)}`;
    // The merchant's own collection account, which the bank credited.
    const account = (await orderRow(t, exact)).to_account;
    const csv = [
      'UTR,Amount,Payee,Payer_Name,Credited_At,Branch',
      `${exactUtr},100.00,${account},Ravi Kumar,2026-01-15T09:30:00Z,Pune`,
      `${shortUtr},90.00,${account},Anil,2026-01-15T09:31:00Z,Pune`,
      `${spaced},42,${account},Sunita,,Pune`,
      '12345,10.00,x,y,,',
      `${freshUtr()},ten,x,y,,`,
      `${freshUtr()},10.00,x,y,not a date,`,
      `${exactUtr},100.00,${account},Ravi Kumar,2026-01-15T09:30:00Z,Pune`,
      '',
    ].join('\r\n');

    const result = await importStatement(csv);
    expect(result.lines).toBe(7);
    expect(result.results).toMatchObject([
      { line: 2, outcome: 'completed', payment_uid: exact },
      { line: 3, outcome: 'rejected', payment_uid: short },
      { line: 4, outcome: 'waiting', utr: laterUtr, amount: '42.00' },
      { line: 5, outcome: 'invalid', error: expect.stringMatching(/^utr/) },
      { line: 6, outcome: 'invalid', error: expect.stringMatching(/^amount/) },
      { line: 7, outcome: 'invalid', error: expect.stringMatching(/^credited_at/) },
      { line: 8, outcome: 'duplicate', payment_uid: exact },
    ]);

    expect(await orderRow(t, exact)).toMatchObject({ payment_status: 'completed', matched_utr: exactUtr });
    expect((await orderRow(t, short)).payment_fail_reason).toContain('90.00');
    expect(await count(t, `bank_credits WHERE utr = $1 AND source = 'statement'`, [laterUtr])).toBe(1);
    expect(await balance(t, key)).toEqual({ available: 10000, held: 0 });

    // The waiting credit settles the order whose payer claims it afterwards.
    expect((await json(await claim(t, later, laterUtr))).data.payment_status).toBe('completed');
    expect(await balance(t, key)).toEqual({ available: 14200, held: 0 });
  });

  it('imports the same statement twice without moving money twice', async () => {
    const key = await t.addMerchant({ name: 'Twice merchant' });
    const uid = await createIncome(t, key, { amount: '7.50' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    const csv = `utr,amount,payee\n${utr},7.50,${(await orderRow(t, uid)).to_account}\n`;
    expect((await importStatement(csv)).results[0]).toMatchObject({ outcome: 'completed' });
    expect((await importStatement(csv)).results[0]).toMatchObject({ outcome: 'duplicate' });
    expect(await balance(t, key)).toEqual({ available: 750, held: 0 });
  });

  it('refuses a statement without an amount column in the error shape, naming the header', async () => {
    const response = await t.app.request('/operator/api/credits/import', {
      method: 'POST',
      headers: { Authorization: `Bearer ${OPERATOR_TOKEN}`, 'Content-Type': 'text/csv' },
      body: 'reference,value\n123456789012,1.00\n',
    });
    expect(response.status).toBe(400);
    expect((await json(response)).data).toMatchObject({
      error: 'invalid_field',
      details: expect.stringMatching(/^statement: header/),
    });
  });

  it('takes statements larger than the 16 KB limit of other requests', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `not-a-utr-${i},1.00`).join('\n');
    const result = await importStatement(`utr,amount\n${lines}\n`);
    expect(result.lines).toBe(2000);
    expect(result.results[1999]).toEqual({ line: 2001, outcome: 'invalid', error: 'utr: must be 12 digits' });
  });
});
