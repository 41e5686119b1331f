/**
 * Approvals waiting are a kind of the Needs attention queue (`approval`), counted on Today too,
 * until a second operator decides them (dual control on, the test's store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attention } from '../../../src/shared/attention-views.js';
import { claim, createIncome, freshUtr, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { createTestApp, DEMO_MERCHANT, json, type TestApp } from '../support/test-app.js';

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
  t = await createTestApp({ env: { DUAL_CONTROL: 'on' }, app: { payerLimits: UNLIMITED } });
  for (const name of ['asha', 'ravi']) {
    const response = await t.operator('POST', '/operator/api/operators', { name });
    tokens[name] = (await json(response)).data.token as string;
  }
});
afterAll(async () => {
  await t.close();
});

async function attention(): Promise<Attention> {
  const response = await t.operator('GET', '/operator/api/attention');
  expect(response.status).toBe(200);
  return (await json(response)).data as Attention;
}

describe('approvals in Needs attention', () => {
  it('lists a proposal waiting for a second operator, counts it on Today, and clears it once approved', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '100.00' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    const proposed = await as('asha', 'POST', '/operator/api/credits', {
      utr,
      amount: '100.00',
      payee: DEMO_MERCHANT.upi_vpa,
      note: 'seen on the bank portal',
    });
    expect(proposed.status).toBe(202);
    const proposal = (await json(proposed)).data as { approval_id: string };

    const queue = await attention();
    expect(queue.counts.approval).toBe(1);
    const [item] = queue.items.filter((each) => each.kind === 'approval');
    expect(item?.reason).toMatch(/proposed by asha, waiting for another operator$/);
    expect(item?.detail).toContain(`proposal ${proposal.approval_id}`);
    const today = (await json(await t.operator('GET', '/operator/api/summary/today'))).data;
    expect(today.attention.approval).toBe(1);

    const approved = await as('ravi', 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`, {
      note: 'checked the statement',
    });
    expect(approved.status).toBe(200);
    expect((await attention()).counts.approval).toBe(0);
  });
});
