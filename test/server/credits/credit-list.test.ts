/**
 * The operators' credit list through HTTP: one keyset over credits and texts listed together
 * (pages that cross from one table to the other, rows of the same instant), and the reason a
 * credit from any source can never match as it stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claim,
  createIncome,
  createLifecycleApp,
  credit,
  freshUtr,
  setStatus,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';
import { createSource } from './credit-support.js';

let t: TestApp;
let sourceId: string;
beforeAll(async () => {
  t = await createLifecycleApp();
  sourceId = (await createSource(t, t.merchant)).source_id;
});
afterAll(async () => {
  await t.close();
});

interface Row {
  readonly id: string;
  readonly cursor: string;
  readonly state: string;
  readonly utr?: string;
  readonly reason: string;
  readonly merchant_uid: string | null;
}
const list = async (query: string): Promise<Row[]> => {
  const response = await t.operator('GET', `/operator/api/credits?${query}`);
  expect(response.status).toBe(200);
  return (await json(response)).data;
};

describe(`credits and texts listed together (${storeKind})`, () => {
  it('pages through both with one keyset: every row once, in one order, across the boundary', async () => {
    const unparsed = (i: number) =>
      t.operator('POST', '/operator/api/credits/sms', {
        source_id: sourceId,
        text: `Money Received - INR ${i}.00 in HDFC Bank A/c xx9012 from asha@ybl. #${i}`,
      });
    // 9 credits and 9 texts, interleaved; some share an instant (the clock stands still), so the
    // order falls back on kind and id.
    for (let i = 1; i <= 9; i++) {
      expect((await credit(t, freshUtr(), `${i}.00`)).status).toBe(201);
      expect((await json(await unparsed(i))).data.outcome).toBe('unparsed');
      if (i % 3 === 0) t.clock.advance(1000);
    }
    const query = 'state=waiting,unparsed';
    const all = await list(`${query}&limit=500`);
    expect(all).toHaveLength(18);
    expect(new Set(all.map((row) => row.state))).toEqual(new Set(['waiting', 'unparsed']));

    const paged: Row[] = [];
    let before = '';
    for (let pages = 0; pages < 10; pages++) {
      const page = await list(`${query}&limit=4${before ? `&before=${before}` : ''}`);
      paged.push(...page);
      if (page.length < 4) break;
      before = page.at(-1)?.cursor ?? '';
    }
    expect(paged.map((row) => row.cursor)).toEqual(all.map((row) => row.cursor));
    expect(new Set(paged.map((row) => row.cursor)).size).toBe(18);
    // Newest first, and within an instant (the last three of each) credits before texts.
    expect(all.slice(0, 6).map((row) => row.cursor.split(':')[0])).toEqual([
      ...['credit', 'credit', 'credit'],
      ...['text', 'text', 'text'],
    ]);
  });

  it('takes a bare id when one kind is listed, and refuses an ambiguous or unknown cursor', async () => {
    const credits = await list('state=waiting&limit=2');
    const next = await list(`state=waiting&limit=2&before=${credits[1]?.id}`);
    expect(next[0]?.cursor).toBe((await list('state=waiting&limit=3'))[2]?.cursor);
    for (const before of [credits[1]?.id, 'credit:999999', 'text:x', 'soon']) {
      const refused = await t.operator(
        'GET',
        `/operator/api/credits?state=waiting,unparsed&before=${before}`,
      );
      expect(refused.status).toBe(400);
      expect((await json(refused)).data).toMatchObject({
        error: 'invalid_field',
        details: expect.stringMatching(/^before/),
      });
    }
  });
});

describe(`credits that can never match, whatever their source (${storeKind})`, () => {
  it('lists them as conflicts with the reason', async () => {
    const other = await t.addMerchant({ name: 'Second shop', upi_vpa: 'second@okaxis', imps_account: '' });
    const byUtr = async (utr: string) => (await list(`utr=${utr}`))[0];

    const stranger = freshUtr();
    await credit(t, stranger, '10.00', { payee: 'stranger@okicici' });
    expect(await byUtr(stranger)).toMatchObject({
      state: 'conflict',
      reason: "payee unknown: stranger@okicici is no merchant's collection account",
    });

    const nobody = freshUtr();
    await credit(t, nobody, '10.00', { payee: '' });
    expect(await byUtr(nobody)).toMatchObject({
      state: 'conflict',
      reason: expect.stringContaining('names no payee and several merchants'),
    });

    // Posted through the API to the second merchant's account: waiting, and listed under it.
    const theirs = freshUtr();
    await credit(t, theirs, '10.00', { payee: 'SECOND@okaxis' });
    expect(await byUtr(theirs)).toMatchObject({
      state: 'waiting',
      reason: '',
      merchant_uid: other.merchant_uid,
    });
    expect((await list(`merchant_uid=${other.merchant_uid}`)).map((row) => row.utr)).toEqual([theirs]);

    const short = await createIncome(t, t.merchant, { amount: '20.00' });
    const shortUtr = freshUtr();
    await claim(t, short, shortUtr);
    await credit(t, shortUtr, '19.00');
    expect(await byUtr(shortUtr)).toMatchObject({
      state: 'conflict',
      reason: 'amount mismatch: received 19.00 INR, expected 20.00 INR',
    });

    const rejected = await createIncome(t, t.merchant, { amount: '30.00' });
    const lateUtr = freshUtr();
    await claim(t, rejected, lateUtr);
    expect((await setStatus(t, rejected, 'reject', 'payer asked to cancel')).status).toBe(200);
    expect((await json(await credit(t, lateUtr, '30.00'))).data).toMatchObject({ outcome: 'waiting' });
    expect(await byUtr(lateUtr)).toMatchObject({ state: 'conflict', reason: 'order is reject' });

    const conflicts = (await list('state=conflict&limit=500')).map((row) => row.utr);
    expect(conflicts).toEqual(expect.arrayContaining([stranger, nobody, shortUtr, lateUtr]));
    expect(conflicts).not.toContain(theirs);
  });
});
