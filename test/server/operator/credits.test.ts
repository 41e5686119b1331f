import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../../src/server/store/rows.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  credit,
  freshUtr,
  orderRow,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /operator/api/credits', () => {
  it('needs the operator token', async () => {
    const response = await t.app.request('/operator/api/credits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer wrong-token-0123456789' },
      body: JSON.stringify({ utr: freshUtr(), amount: '1.00' }),
    });
    expect(response.status).toBe(401);
  });

  it('keeps the credit with its payer, payee and bank time', async () => {
    const utr = freshUtr();
    const response = await credit(t, utr, '12.30', {
      payer_name: 'Meera Iyer',
      payee: 'chaipoint@okaxis',
      credited_at: '2026-01-15T09:58:00+05:30',
    });
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({ utr, amount: '12.30', outcome: 'waiting' });
    const [row] = await queryRows(t.db, z.looseObject({}), 'SELECT * FROM bank_credits WHERE utr = $1', [
      utr,
    ]);
    expect(row).toMatchObject({
      amount: 1230,
      payer_name: 'Meera Iyer',
      payee: 'chaipoint@okaxis',
      source: 'operator',
      payment_uid: null,
    });
    expect(row?.credited_at).toEqual(new Date('2026-01-15T04:28:00.000Z'));
  });

  it('takes a UTR with spaces and keeps its leading 0', async () => {
    const uid = await createIncome(t);
    await claim(t, uid, '000111222333');
    const response = await credit(t, '0001 1122 2333', '100.00');
    expect((await json(response)).data).toMatchObject({ utr: '000111222333', outcome: 'completed' });
    expect((await orderRow(t, uid)).matched_utr).toBe('000111222333');
  });

  for (const [title, body, field] of [
    ['a UTR of 11 digits', { utr: '12345678901', amount: '1.00' }, 'utr'],
    ['a UTR with letters', { utr: 'ABCDEFGHIJKL', amount: '1.00' }, 'utr'],
    ['a zero amount', { utr: '123456789012', amount: '0.00' }, 'amount'],
    ['an amount with three decimals', { utr: '123456789012', amount: '1.001' }, 'amount'],
    ['a negative amount', { utr: '123456789012', amount: '-1.00' }, 'amount'],
    [
      'a time that is not ISO 8601',
      { utr: '123456789012', amount: '1.00', credited_at: 'yesterday' },
      'credited_at',
    ],
  ] as const) {
    it(`refuses ${title} with 400 and stores nothing`, async () => {
      const response = await t.operator('POST', '/operator/api/credits', body);
      expect(response.status).toBe(400);
      expect((await json(response)).data.details).toContain(field);
      expect(await t.db.query('SELECT 1 FROM bank_credits WHERE utr = $1', [body.utr])).toEqual([]);
    });
  }

  it('lists credits that wait for a claim', async () => {
    const utr = freshUtr();
    await credit(t, utr, '5.00');
    const waiting = await json(await t.operator('GET', '/operator/api/credits?unmatched=true'));
    expect(waiting.data.map((row: { utr: string }) => row.utr)).toContain(utr);
    const uid = await createIncome(t, t.merchant, { amount: '5.00' });
    await claim(t, uid, utr);
    const after = await json(await t.operator('GET', '/operator/api/credits?unmatched=true'));
    expect(after.data.map((row: { utr: string }) => row.utr)).not.toContain(utr);
  });
});
