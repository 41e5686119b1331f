/**
 * Bank-file payouts through batches, on the real routes and store: accepted payouts wait per
 * collection account, one operator prepares a batch (preparing), a second approves it (never the
 * first: 403 same_operator), the file downloads byte-identical each time, marking it uploaded
 * sends the payouts processing, and every action is in the audit log.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advancePayouts } from '../../../src/server/lifecycle/commands/advance-payouts.js';
import { silentLogger } from '../../../src/server/log.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { payoutChannels } from '../../../src/server/service.js';
import {
  balance,
  createLifecycleApp,
  createPayout,
  fund,
  orderRow,
  setStatus,
} from '../lifecycle/support/lifecycle-fixture.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { json, type TestApp } from '../support/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};

/** The operator API as a named operator. */
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
    const created = await t.operator('POST', '/operator/api/operators', { name });
    expect(created.status).toBe(201);
    tokens[name] = (await json(created)).data.token;
  }
});
afterAll(async () => {
  await t.close();
});

let accounts = 0;
/** A merchant collecting into its own bank account, paying out by bank file, with funds. */
async function bankFileMerchant(funds = '1000.00'): Promise<{ key: IssuedKey; account: string }> {
  accounts += 1;
  const account = `5020001234${String(accounts).padStart(4, '0')}`;
  const key = await t.addMerchant({ name: 'Ludo King', imps_account: account, imps_ifsc: 'HDFC0001234' });
  await fund(t, key, funds);
  const set = await as('asha', 'PATCH', `/operator/api/merchants/${key.merchant_uid}`, {
    payout_channel: 'bank_file',
  });
  expect(set.status).toBe(200);
  return { key, account };
}

async function audit(subject: string) {
  const response = await t.operator(
    'GET',
    `/operator/api/audit?subject=${encodeURIComponent(subject)}&limit=50`,
  );
  return (
    (await json(response)).data as { action: string; actor: string; after: Record<string, unknown> }[]
  ).reverse();
}

describe('a bank-file batch from acceptance to upload', () => {
  it('goes prepared, approved by a second operator, downloaded the same each time, uploaded', async () => {
    const { key, account } = await bankFileMerchant();
    const first = await createPayout(t, key, '123.50', { to_name: 'Ravi Kumar, S/O Mohan' });
    t.clock.advance(1000);
    const second = await createPayout(t, key, '200.00', {
      to_name: 'José Fernandes',
      to: '918020034567812',
      to_bank_name: 'SBIN0011513',
    });
    t.clock.advance(1000);
    const tamil = await createPayout(t, key, '10.00', { to_name: 'முருகன்' });
    expect(await balance(t, key)).toEqual({
      available: 100000 - 12350 - 20000 - 1000,
      held: 12350 + 20000 + 1000,
    });

    // The payout step leaves bank-file payouts alone: operators and statements move them.
    await advancePayouts(t.db, payoutChannels(t.deps.config, t.db, silentLogger), t.clock.now());
    expect((await orderRow(t, first)).payment_status).toBe('pending');

    const listed = await json(await as('ravi', 'GET', '/operator/api/payout-batches'));
    expect(listed.data.waiting).toContainEqual(
      expect.objectContaining({ account, ifsc: 'HDFC0001234', count: 3, total: '333.50' }),
    );

    const prepared = await as('asha', 'POST', '/operator/api/payout-batches', {
      account,
      ifsc: 'HDFC0001234',
      mode: 'NEFT',
      note: 'morning run',
    });
    expect(prepared.status).toBe(201);
    const { batch, skipped } = (await json(prepared)).data;
    expect(batch).toMatchObject({
      state: 'prepared',
      mode: 'NEFT',
      line_count: 2,
      total: '323.50',
      prepared_by: 'asha',
    });
    expect(batch.lines.map((line: { payment_uid: string }) => line.payment_uid)).toEqual([first, second]);
    expect(batch.lines[0]).toMatchObject({ line: 1, amount: '123.50', payment_status: 'preparing', utr: '' });
    expect(skipped).toEqual([{ payment_uid: tamil, reason: expect.stringContaining('payee name') }]);
    expect((await orderRow(t, first)).payment_status).toBe('preparing');
    expect((await orderRow(t, tamil)).payment_status).toBe('pending');
    const path = `/operator/api/payout-batches/${batch.batch_id}`;

    const early = await as('asha', 'GET', `${path}/file?layout=generic`);
    expect(early.status).toBe(409);

    const self = await as('asha', 'POST', `${path}/approve`);
    expect(self.status).toBe(403);
    expect((await json(self)).data.error).toBe('same_operator');
    const approved = await as('ravi', 'POST', `${path}/approve`, { note: 'checked against the ledger' });
    expect(approved.status).toBe(200);
    expect((await json(approved)).data).toMatchObject({ state: 'approved', approved_by: 'ravi' });
    expect((await as('ravi', 'POST', `${path}/approve`)).status).toBe(409);

    const download = await as('ravi', 'GET', `${path}/file?layout=hdfc-enet&client_code=LUDO`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="LUDO\d{4}\.\d{3}"$/);
    const body = await download.text();
    const rows = parse(body) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(expect.arrayContaining(['N', '123.50', 'Ravi Kumar S O Mohan', 'ICIC0000104']));
    expect(rows[1]?.[4]).toBe('Jose Fernandes');
    expect(rows[0]?.[13]).toBe(batch.lines[0].reference);
    t.clock.advance(86_400_000);
    expect(await (await as('asha', 'GET', `${path}/file?layout=hdfc-enet&client_code=LUDO`)).text()).toBe(
      body,
    );
    const wrongMode = await as('asha', 'GET', `${path}/file?layout=generic&columns=reference,password`);
    expect(wrongMode.status).toBe(400);

    const uploaded = await as('asha', 'POST', `${path}/uploaded`);
    expect(uploaded.status).toBe(200);
    expect((await json(uploaded)).data).toMatchObject({ state: 'uploaded', uploaded_by: 'asha' });
    expect((await orderRow(t, first)).payment_status).toBe('processing');
    expect((await orderRow(t, second)).payment_status).toBe('processing');
    expect((await as('asha', 'POST', `${path}/uploaded`)).status).toBe(409);
    expect(await balance(t, key)).toEqual({ available: 100000 - 33350, held: 33350 });

    const log = await audit(`payout_batch:${batch.batch_id}`);
    expect(log.map((row) => [row.action, row.actor])).toEqual([
      ['payout_batch.prepare', 'asha'],
      ['payout_batch.approve', 'ravi'],
      ['payout_batch.download', 'ravi'],
      ['payout_batch.download', 'asha'],
      ['payout_batch.uploaded', 'asha'],
    ]);
    expect(log[2]?.after).toMatchObject({
      layout: 'hdfc-enet',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(log[3]?.after.sha256).toBe(log[2]?.after.sha256);

    const shown = await json(await as('ravi', 'GET', path));
    expect(shown.data.lines.map((line: { payment_status: string }) => line.payment_status)).toEqual([
      'processing',
      'processing',
    ]);
    expect(shown.data.layouts.map((layout: { name: string }) => layout.name)).toEqual([
      'generic',
      'hdfc-enet',
      'filehdr-neft',
    ]);
  });

  it('lists uploaded payouts with no debit after PAYOUT_DEBIT_OVERDUE_HOURS for operators', async () => {
    const { key, account } = await bankFileMerchant('100.00');
    const uid = await createPayout(t, key, '25.00');
    const { data } = await json(
      await as('asha', 'POST', '/operator/api/payout-batches', { account, ifsc: 'HDFC0001234' }),
    );
    const path = `/operator/api/payout-batches/${data.batch.batch_id}`;
    expect((await as('ravi', 'POST', `${path}/approve`)).status).toBe(200);
    expect((await as('ravi', 'POST', `${path}/uploaded`)).status).toBe(200);
    const attention = async () =>
      (
        (await json(await as('ravi', 'GET', '/operator/api/payouts/attention'))).data as {
          payment_uid: string;
        }[]
      ).filter((row) => row.payment_uid === uid);
    expect(await attention()).toEqual([]);
    t.clock.advance(24 * 3600_000 + 1000);
    expect(await attention()).toEqual([
      expect.objectContaining({
        payment_uid: uid,
        reason: 'no_debit',
        channel: 'bank_file',
        batch_id: data.batch.batch_id,
        amount: '25.00',
      }),
    ]);
  });

  it('refuses the file of a batch with a payout failed by hand since it was prepared', async () => {
    const { key, account } = await bankFileMerchant('100.00');
    const kept = await createPayout(t, key, '10.00');
    const failed = await createPayout(t, key, '20.00');
    const { data } = await json(
      await as('asha', 'POST', '/operator/api/payout-batches', { account, ifsc: 'HDFC0001234' }),
    );
    const path = `/operator/api/payout-batches/${data.batch.batch_id}`;
    expect((await as('ravi', 'POST', `${path}/approve`)).status).toBe(200);
    expect((await setStatus(t, failed, 'failed', 'payee asked to cancel')).status).toBe(200);
    const refused = await as('ravi', 'GET', `${path}/file`);
    expect(refused.status).toBe(409);
    expect((await json(refused)).data.details).toContain('is failed');
    expect((await orderRow(t, kept)).payment_status).toBe('preparing');
    expect(await balance(t, key)).toEqual({ available: 9000, held: 1000 });
  });

  it('answers 404 when no payout of the account waits, and 400 for a bad account', async () => {
    const none = await as('asha', 'POST', '/operator/api/payout-batches', {
      account: '999999999999',
      ifsc: 'HDFC0001234',
    });
    expect(none.status).toBe(404);
    const bad = await as('asha', 'POST', '/operator/api/payout-batches', {
      account: '12-34',
      ifsc: 'HDFC0001234',
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.details).toMatch(/^account: /);
  });
});

describe('choosing bank files for a merchant', () => {
  it("needs the merchant's collection bank account", async () => {
    const key = await t.addMerchant({ name: 'UPI only', imps_account: '', imps_ifsc: '' });
    const refused = await t.operator('PATCH', `/operator/api/merchants/${key.merchant_uid}`, {
      payout_channel: 'bank_file',
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).data.details).toContain('collection bank account');
    const shown = await json(await t.operator('GET', `/operator/api/merchants/${key.merchant_uid}`));
    expect(shown.data.payout_channel).toBeNull();
  });

  it('keeps payouts in flight on the channel they were accepted on', async () => {
    const { key, account } = await bankFileMerchant('100.00');
    const uid = await createPayout(t, key, '10.00');
    await as('asha', 'PATCH', `/operator/api/merchants/${key.merchant_uid}`, { payout_channel: 'sandbox' });
    await advancePayouts(t.db, payoutChannels(t.deps.config, t.db, silentLogger), t.clock.now());
    expect((await orderRow(t, uid)).payment_status).toBe('pending');
    const listed = await json(await as('ravi', 'GET', '/operator/api/payout-batches'));
    expect(listed.data.waiting).toContainEqual(expect.objectContaining({ account, count: 1 }));
  });
});

describe('the ledger these flows leave', () => {
  it("is sound by the operators' ledger check", async () => {
    await expectSoundLedger(t.db);
  });
});
