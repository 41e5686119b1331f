/**
 * Dual control of manual money actions (docs/money-controls.md, Approvals), through the operator
 * API on the test's store (PGlite, or PostgreSQL with TEST_DATABASE_URL): a named operator's
 * manual action is a proposal that moves nothing; its proposer cannot approve it; a second
 * operator can, and the action runs then, re-checked; a rejection or an expiry runs nothing; a
 * bank integration's credit source needs no approval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../../src/server/store/rows.js';
import { createSource, forwardSms, hdfcCredit } from '../credits/credit-support.js';
import {
  claim,
  createIncome,
  freshUtr,
  orderRow,
  UNLIMITED,
} from '../lifecycle/support/lifecycle-fixture.js';
import { addOperator, asOperator } from '../support/operators.js';
import { createTestApp, DEMO_MERCHANT, json, type TestApp } from '../support/test-app.js';

let t: TestApp;
let asha: string;
let ravi: string;

const as = (token: string, method: string, path: string, body?: unknown) =>
  asOperator(t, token, method, path, body);

const creditsOf = (utr: string) =>
  queryRows(
    t.db,
    z.looseObject({ payment_uid: z.string().nullable() }),
    'SELECT * FROM bank_credits WHERE utr = $1',
    [utr],
  );

/** An order whose payer claimed a fresh UTR, with that UTR. */
async function claimedOrder(amount = '100.00'): Promise<{ uid: string; utr: string }> {
  const uid = await createIncome(t, t.merchant, { amount });
  const utr = freshUtr();
  expect((await claim(t, uid, utr)).status).toBe(200);
  return { uid, utr };
}

/** Asha proposes a credit for a claimed order; answers the proposal. */
async function proposeCredit(order: { utr: string }, amount = '100.00') {
  const response = await as(asha, 'POST', '/operator/api/credits', {
    utr: order.utr,
    amount,
    payee: DEMO_MERCHANT.upi_vpa,
    note: 'seen on the bank portal',
  });
  expect(response.status).toBe(202);
  return (await json(response)).data;
}

const field = (fields: { name: string; value: string }[], name: string) =>
  fields.find((entry) => entry.name === name)?.value;

beforeAll(async () => {
  t = await createTestApp({ env: { DUAL_CONTROL: 'on' }, app: { payerLimits: UNLIMITED } });
  asha = await addOperator(t, 'asha');
  ravi = await addOperator(t, 'ravi');
});
afterAll(async () => {
  await t.close();
});

describe('a manual credit under dual control', () => {
  it('is a proposal that says what would happen, and moves nothing', async () => {
    const order = await claimedOrder();
    const proposal = await proposeCredit(order);
    expect(proposal).toMatchObject({
      action: 'credit.post',
      state: 'awaiting_approval',
      proposed_by: 'asha',
      subject: `utr:${order.utr}`,
      decided_by: null,
      outcome: null,
    });
    expect(proposal.approval_id).toMatch(/^\d+$/);
    expect(proposal.summary).toContain('₹100.00');
    expect(field(proposal.would, 'outcome')).toBe('completed');
    expect(field(proposal.would, 'payment_uid')).toBe(order.uid);
    expect(field(proposal.request, 'utr')).toBe(order.utr);
    expect(await creditsOf(order.utr)).toEqual([]);
    expect((await orderRow(t, order.uid)).payment_status).toBe('processing');
    const queue = await json(await as(ravi, 'GET', '/operator/api/approvals?state=awaiting_approval'));
    expect(queue.data.map((row: { approval_id: string }) => row.approval_id)).toContain(proposal.approval_id);
    const today = await json(await as(ravi, 'GET', '/operator/api/summary/today'));
    expect(today.data).toMatchObject({ dual_control: 'on', mode: 'sandbox' });
    expect(today.data.awaiting_approval).toBeGreaterThan(0);
  });

  it('cannot be approved by the operator who proposed it', async () => {
    const order = await claimedOrder();
    const proposal = await proposeCredit(order);
    const response = await as(asha, 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`);
    expect(response.status).toBe(403);
    expect((await json(response)).data.error).toBe('same_operator');
    expect(await creditsOf(order.utr)).toEqual([]);
    // The root token is the operator named root: it cannot approve its own proposal either.
    const byRoot = await t.operator('POST', '/operator/api/credits', {
      utr: freshUtr(),
      amount: '5.00',
      payee: DEMO_MERCHANT.upi_vpa,
    });
    expect(byRoot.status).toBe(202);
    const rootProposal = (await json(byRoot)).data;
    expect(rootProposal.proposed_by).toBe('root');
    const self = await t.operator('POST', `/operator/api/approvals/${rootProposal.approval_id}/approve`, {});
    expect(self.status).toBe(403);
    expect((await json(self)).data.error).toBe('same_operator');
  });

  it('completes the order once a second operator approves it, and the audit names both', async () => {
    const order = await claimedOrder();
    const proposal = await proposeCredit(order);
    const response = await as(ravi, 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`, {
      note: 'matches the statement',
    });
    expect(response.status).toBe(200);
    const approved = (await json(response)).data;
    expect(approved).toMatchObject({ state: 'approved', proposed_by: 'asha', decided_by: 'ravi' });
    expect(field(approved.outcome, 'outcome')).toBe('completed');
    expect((await orderRow(t, order.uid)).payment_status).toBe('completed');
    expect(await creditsOf(order.utr)).toEqual([expect.objectContaining({ payment_uid: order.uid })]);
    const audit = await json(
      await t.operator('GET', `/operator/api/audit?subject=approval:${proposal.approval_id}`),
    );
    expect(audit.data.map((row: { action: string; actor: string }) => [row.action, row.actor])).toEqual([
      ['approval.approve', 'ravi'],
      ['approval.propose', 'asha'],
    ]);
    expect(audit.data[0].after).toMatchObject({ proposed_by: 'asha', approved_by: 'ravi' });
    const posted = await json(await t.operator('GET', '/operator/api/audit?action=credit.post'));
    const row = posted.data.find((entry: { after: { utr: string } }) => entry.after.utr === order.utr);
    expect(row.actor).toBe('ravi');
    expect(row.note).toContain('proposed by asha');
    // Decided once: a second approval is refused and moves nothing.
    const again = await as(ravi, 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`);
    expect(again.status).toBe(409);
  });

  it('refuses at once a proposal that would be refused', async () => {
    const response = await as(
      asha,
      'POST',
      '/operator/api/orders/00000000-0000-4000-8000-000000000000/status',
      {
        status: 'failed',
        reason: 'no such order',
      },
    );
    expect(response.status).toBe(404);
    const list = await json(await t.operator('GET', '/operator/api/approvals'));
    expect(list.data.some((row: { subject: string }) => row.subject.includes('00000000-0000'))).toBe(false);
  });
});

describe('a rejection', () => {
  it('needs a note, and runs nothing', async () => {
    const order = await claimedOrder();
    const proposal = await proposeCredit(order);
    const path = `/operator/api/approvals/${proposal.approval_id}/reject`;
    expect((await as(ravi, 'POST', path, {})).status).toBe(400);
    expect((await as(asha, 'POST', path, { note: 'my mistake' })).status).toBe(403);
    const response = await as(ravi, 'POST', path, { note: 'no such payment on the statement' });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({
      state: 'rejected',
      decided_by: 'ravi',
      decision_note: 'no such payment on the statement',
    });
    const approve = await as(ravi, 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`);
    expect(approve.status).toBe(409);
    expect(await creditsOf(order.utr)).toEqual([]);
    expect((await orderRow(t, order.uid)).payment_status).toBe('processing');
  });
});

describe('a proposal left for 24 hours', () => {
  it('expires: it reads expired and can no longer be approved', async () => {
    const order = await claimedOrder();
    const proposal = await proposeCredit(order);
    t.clock.advance(24 * 3_600_000 + 1000);
    const expired = await json(await t.operator('GET', '/operator/api/approvals?state=expired'));
    expect(expired.data.map((row: { approval_id: string }) => row.approval_id)).toContain(
      proposal.approval_id,
    );
    const awaiting = await json(await t.operator('GET', '/operator/api/approvals?state=awaiting_approval'));
    expect(awaiting.data.map((row: { approval_id: string }) => row.approval_id)).not.toContain(
      proposal.approval_id,
    );
    const response = await as(ravi, 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`);
    expect(response.status).toBe(409);
    expect((await json(response)).data.details).toContain('expired');
    expect(await creditsOf(order.utr)).toEqual([]);
  });
});

describe('an approval', () => {
  it('re-checks the action: an order failed by one proposal cannot be failed again by another', async () => {
    const order = await claimedOrder();
    const propose = async () => {
      const response = await as(asha, 'POST', `/operator/api/orders/${order.uid}/status`, {
        status: 'failed',
        reason: 'payer asked to cancel',
      });
      expect(response.status).toBe(202);
      return (await json(response)).data.approval_id as string;
    };
    const first = await propose();
    const second = await propose();
    expect((await as(ravi, 'POST', `/operator/api/approvals/${first}/approve`)).status).toBe(200);
    expect((await orderRow(t, order.uid)).payment_status).toBe('failed');
    const response = await as(ravi, 'POST', `/operator/api/approvals/${second}/approve`);
    expect(response.status).toBe(409);
    expect((await json(response)).data.error).toBe('invalid_transition');
    const failed = await json(await t.operator('GET', '/operator/api/approvals?state=failed'));
    const row = failed.data.find((entry: { approval_id: string }) => entry.approval_id === second);
    expect(row).toMatchObject({ state: 'failed', decided_by: 'ravi' });
    expect(field(row.outcome, 'error')).toBe('invalid_transition');
    const history = await queryRows(
      t.db,
      z.looseObject({ to_status: z.string() }),
      "SELECT to_status FROM order_events WHERE payment_uid = $1 AND to_status = 'failed'",
      [order.uid],
    );
    expect(history).toHaveLength(1);
  });

  it('re-checks a credit: one approved after another took its UTR is refused and posts nothing', async () => {
    const order = await claimedOrder();
    const first = await proposeCredit(order);
    const second = await proposeCredit(order, '90.00');
    expect((await as(ravi, 'POST', `/operator/api/approvals/${first.approval_id}/approve`)).status).toBe(200);
    const response = await as(ravi, 'POST', `/operator/api/approvals/${second.approval_id}/approve`);
    expect(response.status).toBe(409);
    expect((await json(response)).data.error).toBe('utr_used');
    expect(await creditsOf(order.utr)).toHaveLength(1);
  });

  it('imports a proposed statement in one go once approved', async () => {
    const order = await claimedOrder('42.00');
    const statement = [
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      `15-01-2026,15-01-2026,UPI/CR/${order.utr}/MEERA IYER,${order.utr},,42.00,1042.00`,
    ].join('\n');
    const proposed = await t.app.request('/operator/api/credits/import?profile=sbi', {
      method: 'POST',
      headers: { Authorization: `Bearer ${asha}`, 'Content-Type': 'text/csv' },
      body: statement,
    });
    expect(proposed.status).toBe(202);
    const proposal = (await json(proposed)).data;
    expect(proposal.action).toBe('statement.import');
    expect(field(proposal.would, 'summary.completed')).toBe('1');
    expect(await creditsOf(order.utr)).toEqual([]);
    const approved = await as(ravi, 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`);
    expect(approved.status).toBe(200);
    expect((await orderRow(t, order.uid)).payment_status).toBe('completed');
  });
});

describe('the other manual money actions', () => {
  /** Proposed by asha (202, nothing moved), approved by ravi: answers the approval. */
  async function proposeAndApprove(path: string, body: unknown): Promise<{ state: string }> {
    const proposed = await as(asha, 'POST', path, body);
    expect(proposed.status, await proposed.clone().text()).toBe(202);
    const { approval_id: id } = (await json(proposed)).data;
    const approved = await as(ravi, 'POST', `/operator/api/approvals/${id}/approve`);
    expect(approved.status, await approved.clone().text()).toBe(200);
    return (await json(approved)).data;
  }

  it('replays a text, fixes one and matches a credit only once a second operator approves', async () => {
    const source = await createSource(t, t.merchant);
    const replayed = await claimedOrder('61.00');
    const path = '/operator/api/credits/sms';
    const replay = {
      source_id: source.source_id,
      text: hdfcCredit(replayed.utr, '61.00'),
      sender: 'VM-HDFCBK',
    };
    const proposed = await as(asha, 'POST', path, replay);
    expect(proposed.status).toBe(202);
    expect(await creditsOf(replayed.utr)).toEqual([]);
    const approval = (await json(proposed)).data.approval_id;
    expect((await as(ravi, 'POST', `/operator/api/approvals/${approval}/approve`)).status).toBe(200);
    expect((await orderRow(t, replayed.uid)).payment_status).toBe('completed');

    // A text the parser could not read, fixed into the credit of a claimed order.
    const fixed = await claimedOrder('62.00');
    const forwarded = await forwardSms(t, source.ingest_token ?? '', {
      from: 'VM-HDFCBK',
      text: 'Money Received - INR 62.00 in HDFC Bank A/c xx9012 from asha.rao@okicici. Ref 12345.',
    });
    const textId = (await json(forwarded)).data.text_id;
    await proposeAndApprove(`/operator/api/credits/texts/${textId}/fix`, {
      utr: fixed.utr,
      amount: '62.00',
      note: 'full reference read from the statement',
    });
    expect((await orderRow(t, fixed.uid)).payment_status).toBe('completed');

    // A credit nobody claimed, matched by hand to an order.
    const waitingUtr = freshUtr();
    await proposeAndApprove('/operator/api/credits', {
      utr: waitingUtr,
      amount: '63.00',
      payee: DEMO_MERCHANT.upi_vpa,
    });
    const [waiting] = await queryRows(
      t.db,
      z.looseObject({ id: z.coerce.string() }),
      'SELECT id FROM bank_credits WHERE utr = $1',
      [waitingUtr],
    );
    const unclaimed = await createIncome(t, t.merchant, { amount: '63.00' });
    await proposeAndApprove(`/operator/api/credits/${waiting?.id}/match`, {
      payment_uid: unclaimed,
      note: 'payer sent the receipt',
    });
    expect((await orderRow(t, unclaimed)).payment_status).toBe('completed');
  });
});

describe('a credit source of kind api', () => {
  it('posts credits with its own token, with no approval, to its own account whatever the body says', async () => {
    const other = await t.addMerchant({ name: 'Other Shop' });
    const created = await json(
      await t.operator('POST', '/operator/api/credit-sources', {
        merchant_uid: t.merchant.merchant_uid,
        account: DEMO_MERCHANT.upi_vpa,
        kind: 'api',
        name: 'Bank API',
      }),
    );
    const token = created.data.ingest_token as string;
    expect(created.data.credits_url).toBe('https://pay.test/ingest/credits');
    const order = await claimedOrder('55.00');
    const post = (body: unknown, bearer = token) =>
      t.app.request('/ingest/credits', {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const otherVpa = (await json(await t.operator('GET', `/operator/api/merchants/${other.merchant_uid}`)))
      .data.upi_vpa;
    const response = await post({ utr: order.utr, amount: '55.00', payee: otherVpa });
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({ outcome: 'completed', payment_uid: order.uid });
    const [credit] = await queryRows(
      t.db,
      z.looseObject({ payee: z.string(), source: z.string() }),
      'SELECT payee, source FROM bank_credits WHERE utr = $1',
      [order.utr],
    );
    expect(credit).toMatchObject({ payee: DEMO_MERCHANT.upi_vpa, source: 'api' });
    expect((await orderRow(t, order.uid)).payment_status).toBe('completed');
    // No token, another's or an operator's: 401, nothing written.
    const stray = freshUtr();
    expect((await post({ utr: stray, amount: '1.00' }, 'it_not-a-token')).status).toBe(401);
    expect((await post({ utr: stray, amount: '1.00' }, asha)).status).toBe(401);
    expect(await creditsOf(stray)).toEqual([]);
  });
});
