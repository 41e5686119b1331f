/**
 * Every manual operator action writes exactly one audit row, in its own transaction, with who
 * (the bearer token's operator or the console session's), what, before and after, and the note;
 * a refused action writes none, and no secret ever reaches the log. Through HTTP on the run's
 * store (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../src/server/app.js';
import { queryRows } from '../../../src/server/store/rows.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  createPayout,
  freshUtr,
  fund,
  UNLIMITED,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';

let t: TestApp;
let app: ReturnType<typeof createApp>;
/** The named operator's console session. */
let session: { cookie: string; csrf: string };
let operatorToken: string;

interface AuditRow {
  readonly id: number;
  readonly actor: string;
  readonly action: string;
  readonly subject: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly note: string;
}

const root = (method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${OPERATOR_TOKEN}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** The same API through the console: the session cookie, the service's origin and the CSRF token. */
const asha = (method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: {
      Cookie: session.cookie,
      Origin: 'https://pay.test',
      'X-CSRF-Token': session.csrf,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function audit(query: string): Promise<AuditRow[]> {
  const response = await root(
    'GET',
    `/operator/api/audit?${query.includes('limit=') ? '' : 'limit=500&'}${query}`,
  );
  expect(response.status).toBe(200);
  return (await json(response)).data;
}

/** Runs an action and answers the one row it added to the log (failing if it added none or more). */
async function oneRow(action: () => Response | Promise<Response>, expectStatus: number): Promise<AuditRow> {
  const [last] = await audit('limit=1');
  const response = await action();
  expect(response.status, await response.clone().text()).toBe(expectStatus);
  const added = (await audit('')).filter((row) => row.id > (last?.id ?? 0));
  expect(added).toHaveLength(1);
  return added[0] as AuditRow;
}

async function noRow(action: () => Response | Promise<Response>, expectStatus: number): Promise<void> {
  const [last] = await audit('limit=1');
  expect((await action()).status).toBe(expectStatus);
  const [now] = await audit('limit=1');
  expect(now?.id).toBe(last?.id);
}

beforeAll(async () => {
  t = await createLifecycleApp();
  app = createApp(t.deps, { payerLimits: UNLIMITED });
  const created = await json(await root('POST', '/operator/api/operators', { name: 'asha' }));
  operatorToken = created.data.token;
  const signIn = await app.request('/console/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://pay.test' },
    body: JSON.stringify({ token: operatorToken }),
  });
  expect(signIn.status).toBe(201);
  session = {
    cookie: (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    csrf: (await json(signIn)).data.csrf_token,
  };
});
afterAll(async () => {
  await t.close();
});

describe(`audit rows for merchant actions (${storeKind})`, () => {
  let uid: string;
  let secret: string;

  it('creating a merchant: the merchant and its key, never the secret', async () => {
    let answer: { merchant: { uid: string }; api_key: string; api_secret: string } | undefined;
    const row = await oneRow(async () => {
      const response = await root('POST', '/operator/api/merchants', {
        name: 'Dosa Corner',
        upi_vpa: 'dosa@okaxis',
        note: 'signed contract 14/11',
      });
      answer = (await json(response.clone())).data;
      return response;
    }, 201);
    uid = answer?.merchant.uid ?? '';
    secret = answer?.api_secret ?? '';
    expect(row).toMatchObject({
      actor: 'root',
      action: 'merchant.create',
      subject: `merchant:${uid}`,
      before: null,
      after: expect.objectContaining({
        uid,
        name: 'Dosa Corner',
        upi_vpa: 'dosa@okaxis',
        api_key: answer?.api_key,
      }),
      note: 'signed contract 14/11',
    });
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('editing settings, limits and frame origins through the console: the fields before and after', async () => {
    const row = await oneRow(
      () =>
        asha('PATCH', `/operator/api/merchants/${uid}`, {
          upi_max: '5000.00',
          embed_origins: ['https://dosa.example'],
          imps_account: '001122334455',
          note: 'raised limit on request',
        }),
      200,
    );
    expect(row).toEqual(
      expect.objectContaining({
        actor: 'asha',
        action: 'merchant.update',
        subject: `merchant:${uid}`,
        before: { upi_max: '100000.00', embed_origins: [], imps_account: '' },
        after: { upi_max: '5000.00', embed_origins: ['https://dosa.example'], imps_account: '001122334455' },
        note: 'raised limit on request',
      }),
    );
    // Refused: nothing changes, nothing is written.
    await noRow(() => asha('PATCH', `/operator/api/merchants/${uid}`, { upi_min: '9000.00' }), 400);
    await noRow(() => asha('PATCH', '/operator/api/merchants/MNOSUCH', { name: 'x' }), 404);
  });

  it('API keys: created (the secret never written) and revoked', async () => {
    let issued = { api_key: '', api_secret: '' };
    const created = await oneRow(async () => {
      const response = await asha('POST', `/operator/api/merchants/${uid}/keys`);
      issued = (await json(response.clone())).data;
      return response;
    }, 201);
    expect(created).toMatchObject({
      actor: 'asha',
      action: 'api_key.create',
      subject: `merchant:${uid}`,
      after: { api_key: issued.api_key, status: 'active' },
      note: '',
    });
    expect(JSON.stringify(created)).not.toContain(issued.api_secret);
    const revoked = await oneRow(
      () =>
        root('DELETE', `/operator/api/merchants/${uid}/keys/${issued.api_key}`, { note: 'leaked in a log' }),
      200,
    );
    expect(revoked).toMatchObject({
      action: 'api_key.revoke',
      before: { api_key: issued.api_key, status: 'active' },
      after: { api_key: issued.api_key, status: 'revoked' },
      note: 'leaked in a log',
    });
    await noRow(() => root('DELETE', `/operator/api/merchants/${uid}/keys/${issued.api_key}`), 404);
  });

  it('blacklist changes and disabling, enabling', async () => {
    const added = await oneRow(
      () =>
        asha('POST', `/operator/api/merchants/${uid}/blacklist`, {
          from_name: 'Fraud Payer',
          note: 'chargebacks',
        }),
      201,
    );
    expect(added).toMatchObject({
      action: 'blacklist.add',
      before: { from_name: 'Fraud Payer', listed: false },
      after: { from_name: 'Fraud Payer', listed: true },
      note: 'chargebacks',
    });
    const removed = await oneRow(
      () => asha('DELETE', `/operator/api/merchants/${uid}/blacklist/${encodeURIComponent('Fraud Payer')}`),
      200,
    );
    expect(removed).toMatchObject({
      action: 'blacklist.remove',
      after: { from_name: 'Fraud Payer', listed: false },
    });
    await noRow(() => asha('DELETE', `/operator/api/merchants/${uid}/blacklist/nobody`), 404);

    const disabled = await oneRow(
      () => root('POST', `/operator/api/merchants/${uid}/disable`, { note: 'unpaid fees' }),
      200,
    );
    expect(disabled).toMatchObject({
      action: 'merchant.disable',
      before: { status: 'active' },
      after: { status: 'disabled' },
      note: 'unpaid fees',
    });
    const enabled = await oneRow(() => asha('POST', `/operator/api/merchants/${uid}/enable`), 200);
    expect(enabled).toMatchObject({ actor: 'asha', action: 'merchant.enable', after: { status: 'active' } });
    await noRow(() => root('POST', `/operator/api/merchants/${uid}/disable`, { note: 42 }), 400);
  });

  it('credit sources: created without the ingest token, revoked', async () => {
    let token = '';
    let sourceId = '';
    const created = await oneRow(async () => {
      const response = await asha('POST', '/operator/api/credit-sources', {
        merchant_uid: uid,
        account: 'dosa@okaxis',
        kind: 'sms',
        name: 'Shop phone',
      });
      ({ ingest_token: token, source_id: sourceId } = (await json(response.clone())).data);
      return response;
    }, 201);
    expect(created).toMatchObject({
      actor: 'asha',
      action: 'credit_source.create',
      subject: `source:${sourceId}`,
    });
    expect(JSON.stringify(created)).not.toContain(token);
    const revoked = await oneRow(() => root('DELETE', `/operator/api/credit-sources/${sourceId}`), 200);
    expect(revoked).toMatchObject({
      action: 'credit_source.revoke',
      after: expect.objectContaining({ status: 'revoked' }),
    });
  });

  it('operators: created without their token, revoked', async () => {
    let token = '';
    const created = await oneRow(async () => {
      const response = await root('POST', '/operator/api/operators', { name: 'ravi' });
      token = (await json(response.clone())).data.token;
      return response;
    }, 201);
    expect(created).toMatchObject({ actor: 'root', action: 'operator.create', subject: 'operator:ravi' });
    expect(JSON.stringify(created)).not.toContain(token);
    expect(JSON.stringify(await audit(''))).not.toContain(operatorToken);
    const revoked = await oneRow(() => root('DELETE', '/operator/api/operators/ravi'), 200);
    expect(revoked).toMatchObject({ action: 'operator.revoke', after: { name: 'ravi', status: 'revoked' } });
  });
});

describe(`audit rows for credit and order actions (${storeKind})`, () => {
  it('posting a credit by hand; a refused one writes nothing', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '25.00' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    const row = await oneRow(
      () =>
        asha('POST', '/operator/api/credits', {
          utr,
          amount: '25.00',
          payee: 'chaipoint@okaxis',
          note: 'seen on the bank portal',
        }),
      201,
    );
    const [credit] = await queryRows(
      t.db,
      z.object({ id: z.number() }),
      'SELECT id FROM bank_credits WHERE utr = $1',
      [utr],
    );
    expect(row).toMatchObject({
      actor: 'asha',
      action: 'credit.post',
      subject: `credit:${credit?.id}`,
      before: null,
      after: { utr, amount: '25.00', outcome: 'completed', payment_uid: uid, payment_status: 'completed' },
      note: 'seen on the bank portal',
    });
    await noRow(() => asha('POST', '/operator/api/credits', { utr, amount: '26.00' }), 409);
    await noRow(() => asha('POST', '/operator/api/credits', { utr: '12', amount: '26.00' }), 400);
  });

  it("confirming a payee-less credit's order", async () => {
    await t.addMerchant({ name: 'Another collector', upi_vpa: 'another@okaxis' });
    const uid = await createIncome(t, t.merchant, { amount: '12.00' });
    const utr = freshUtr();
    expect((await root('POST', '/operator/api/credits', { utr, amount: '12.00' })).status).toBe(201);
    const row = await oneRow(
      () =>
        root('POST', `/operator/api/credits/${utr}/confirm`, {
          payment_uid: uid,
          note: 'payer sent a screenshot',
        }),
      200,
    );
    expect(row).toMatchObject({
      actor: 'root',
      action: 'credit.confirm',
      before: { utr, payment_uid: null, order_status: 'pending' },
      after: { payment_uid: uid, payment_status: 'completed' },
      note: 'payer sent a screenshot',
    });
    await noRow(() => root('POST', `/operator/api/credits/${utr}/confirm`, { payment_uid: 'nosuch' }), 404);
  });

  it('failing an order with a reason, refunding it, and a refused change', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '40.00' });
    const failed = await oneRow(
      () =>
        asha('POST', `/operator/api/orders/${uid}/status`, { status: 'failed', reason: 'payer cancelled' }),
      200,
    );
    expect(failed).toMatchObject({
      actor: 'asha',
      action: 'order.status',
      subject: `order:${uid}`,
      before: { payment_status: 'pending' },
      after: { payment_status: 'failed', steps: ['failed'] },
      note: 'payer cancelled',
    });
    await noRow(() => asha('POST', `/operator/api/orders/${uid}/status`, { status: 'completed' }), 409);

    const refunded = await oneRow(
      () => root('POST', `/operator/api/orders/${uid}/status`, { status: 'refund', note: 'goods returned' }),
      200,
    );
    expect(refunded).toMatchObject({
      action: 'order.status',
      before: { payment_status: 'failed' },
      after: { payment_status: 'refund' },
      note: 'goods returned',
    });
  });

  it("setting a payout's outcome: every step walked, one row", async () => {
    await fund(t, t.merchant, '200.00');
    const payout = await createPayout(t, t.merchant, '50.00');
    const row = await oneRow(
      () =>
        root('POST', `/operator/api/orders/${payout}/status`, {
          status: 'completed',
          note: 'bank confirmed',
        }),
      200,
    );
    expect(row).toMatchObject({
      action: 'order.status',
      subject: `order:${payout}`,
      after: expect.objectContaining({ payment_status: 'completed' }),
      note: 'bank confirmed',
    });
    expect((row.after as { steps: string[] }).steps.at(-1)).toBe('completed');
  });

  it('resending a callback keeps its note', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '15.00' });
    const row = await oneRow(
      () => asha('POST', `/operator/api/orders/${uid}/callbacks/resend`, { note: 'merchant asked again' }),
      200,
    );
    expect(row).toMatchObject({
      actor: 'asha',
      action: 'callback.resend',
      subject: `order:${uid}`,
      after: expect.objectContaining({ status: 'pending' }),
      note: 'merchant asked again',
    });
    await noRow(() => asha('POST', '/operator/api/orders/nosuch/callbacks/resend'), 404);
    await noRow(() => asha('POST', `/operator/api/orders/${uid}/callbacks/resend`, { note: 7 }), 400);
  });
});

describe(`the audit list (${storeKind})`, () => {
  it('filters by action, actor and subject, and pages newest first', async () => {
    const byAsha = await audit('actor=asha');
    expect(byAsha.length).toBeGreaterThan(5);
    expect(new Set(byAsha.map((row) => row.actor))).toEqual(new Set(['asha']));
    const statuses = await audit('action=order.status');
    expect(statuses.length).toBe(3);
    expect(new Set(statuses.map((row) => row.action))).toEqual(new Set(['order.status']));
    const subject = statuses[0]?.subject ?? '';
    expect((await audit(`subject=${subject}`)).every((row) => row.subject === subject)).toBe(true);

    const all = await audit('');
    const first = await audit('limit=3');
    const second = await audit(`limit=3&before=${first[2]?.id}`);
    expect([...first, ...second].map((row) => row.id)).toEqual(all.slice(0, 6).map((row) => row.id));
    expect((await root('GET', '/operator/api/audit?before=soon')).status).toBe(400);
  });
});
