/**
 * Bank-file payouts confirmed by the bank's statement, on both stores: a debit line carrying our
 * reference completes its payout with the bank's UTR, a return line fails an open payout (its
 * hold released) or reverses a completed one, and importing the statement again changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import {
  balance,
  count,
  createLifecycleApp,
  createPayout,
  fund,
  orderRow,
} from '../lifecycle/support/lifecycle-fixture.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const as = (name: string, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${tokens[name]}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  t = await createLifecycleApp();
  for (const name of ['asha', 'ravi']) {
    tokens[name] = (await json(await t.operator('POST', '/operator/api/operators', { name }))).data.token;
  }
});
afterAll(async () => {
  await t.close();
});

let accounts = 0;
/** A bank-file merchant whose payouts went out in one uploaded batch; answers them with their references. */
async function uploadedPayouts(amounts: readonly string[]) {
  accounts += 1;
  const account = `5020009876${String(accounts).padStart(4, '0')}`;
  const key: IssuedKey = await t.addMerchant({
    name: 'Teen Patti',
    imps_account: account,
    imps_ifsc: 'HDFC0001234',
  });
  await fund(t, key, '1000.00');
  expect(
    (
      await as('asha', 'PATCH', `/operator/api/merchants/${key.merchant_uid}`, {
        payout_channel: 'bank_file',
      })
    ).status,
  ).toBe(200);
  const uids: string[] = [];
  for (const amount of amounts) {
    uids.push(await createPayout(t, key, amount));
    t.clock.advance(1000);
  }
  const prepared = await json(
    await as('asha', 'POST', '/operator/api/payout-batches', { account, ifsc: 'HDFC0001234' }),
  );
  const path = `/operator/api/payout-batches/${prepared.data.batch.batch_id}`;
  expect((await as('ravi', 'POST', `${path}/approve`)).status).toBe(200);
  expect((await as('ravi', 'POST', `${path}/uploaded`)).status).toBe(200);
  const refs = (prepared.data.batch.lines as { reference: string }[]).map((line) => line.reference);
  return { key, account, uids, refs };
}

async function importStatement(csv: string) {
  const response = await t.app.request('/operator/api/credits/import?profile=hdfc', {
    method: 'POST',
    headers: { Authorization: `Bearer ${OPERATOR_TOKEN}`, 'Content-Type': 'text/csv' },
    body: csv,
  });
  expect(response.status).toBe(200);
  return (await json(response)).data.results as Record<string, unknown>[];
}

const HEADER = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';

describe('a bank statement and bank-file payouts', () => {
  it('completes each payout from its debit with the UTR, reverses one returned after, and changes nothing on a second import', async () => {
    const { key, uids, refs } = await uploadedPayouts(['123.50', '200.00', '50.00']);
    const [first, second, third] = uids as [string, string, string];
    const [r1, r2, r3] = refs as [string, string, string];
    const csv = [
      HEADER,
      `17/01/26,"IMPS-601712345001-RAVI KUMAR-ICIC-XXXXXXX6789-${r1}",0000601712345001,17/01/26,123.50,,"8,76,50.00"`,
      `17/01/26,"NEFT DR-SBIN0011513-JOSE FERNANDES-NETBANK, MUM-HDFCN52026011712-${r2.toLowerCase()}",HDFCN52026011712,17/01/26,200.00,,"6,76,50.00"`,
      `17/01/26,IMPS-601712345003-ASHA VERMA-${r3},0000601712345003,17/01/26,50.00,,"6,26,50.00"`,
      `17/01/26,ATM WDL 17JAN MUMBAI,,17/01/26,"1,000.00",,"5,26,50.00"`,
      `18/01/26,"IMPS RETURN ACCOUNT CLOSED ${r3} 601712345003",0000601812345009,18/01/26,,50.00,"5,76,50.00"`,
    ].join('\n');

    const results = await importStatement(csv);
    expect(results).toEqual([
      expect.objectContaining({
        line: 2,
        outcome: 'payout_completed',
        payment_uid: first,
        reference: r1,
        utr: '601712345001',
      }),
      expect.objectContaining({
        line: 3,
        outcome: 'payout_completed',
        payment_uid: second,
        utr: 'HDFCN52026011712',
      }),
      expect.objectContaining({ line: 4, outcome: 'payout_completed', payment_uid: third }),
      { line: 5, outcome: 'ignored', reason: 'debit' },
      expect.objectContaining({ line: 6, outcome: 'payout_reversed', payment_uid: third }),
    ]);
    expect(await orderRow(t, first)).toMatchObject({
      payment_status: 'completed',
      matched_utr: '601712345001',
    });
    expect(await orderRow(t, second)).toMatchObject({
      payment_status: 'completed',
      matched_utr: 'HDFCN52026011712',
    });
    const returned = await orderRow(t, third);
    expect(returned).toMatchObject({ payment_status: 'completed', matched_utr: '601712345003' });
    expect(returned.reversal_reason).toContain('ACCOUNT CLOSED');
    expect(await balance(t, key)).toEqual({ available: 100000 - 12350 - 20000, held: 0 });

    const query = await t.signed(
      '/gateway/api/order/get',
      { merchant_order_id: (await orderRow(t, first)).merchant_order_id },
      { key },
    );
    expect((await json(query)).data).toMatchObject({
      payment_status: 'completed',
      serial_number: '601712345001',
    });

    const postings = await count(t, 'ledger_postings');
    const again = await importStatement(csv);
    expect(again.map((line) => line.outcome)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'ignored',
      'duplicate',
    ]);
    expect(await count(t, 'ledger_postings')).toBe(postings);
    expect(await balance(t, key)).toEqual({ available: 100000 - 12350 - 20000, held: 0 });
  });

  it('fails a payout whose return comes before any debit, releasing its hold', async () => {
    const { key, uids, refs } = await uploadedPayouts(['75.00']);
    const results = await importStatement(
      [
        HEADER,
        `19/01/26,NEFT RTN INVALID ACCOUNT ${refs[0]},SBINR52026011900001,19/01/26,,75.00,"1,000.00"`,
      ].join('\n'),
    );
    expect(results).toEqual([
      expect.objectContaining({ line: 2, outcome: 'payout_failed', payment_uid: uids[0] }),
    ]);
    const order = await orderRow(t, uids[0] as string);
    expect(order.payment_status).toBe('failed');
    expect(order.payment_fail_reason).toContain('INVALID ACCOUNT');
    expect(await balance(t, key)).toEqual({ available: 100000, held: 0 });
  });

  it('applies no debit of another amount, and reports it', async () => {
    const { key, uids, refs } = await uploadedPayouts(['40.00']);
    const results = await importStatement(
      [HEADER, `20/01/26,IMPS-602012345001-${refs[0]},0000602012345001,20/01/26,4.00,,"996.00"`].join('\n'),
    );
    expect(results).toEqual([
      expect.objectContaining({ line: 2, outcome: 'payout_mismatch', error: 'amount: the payout is 40.00' }),
    ]);
    expect((await orderRow(t, uids[0] as string)).payment_status).toBe('processing');
    expect(await balance(t, key)).toEqual({ available: 96000, held: 4000 });
  });
});

describe('the ledger these flows leave', () => {
  it("is sound by the operators' ledger check", async () => {
    await expectSoundLedger(t.db);
  });
});
