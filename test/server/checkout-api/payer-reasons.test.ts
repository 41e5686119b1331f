import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayerOrderSchema } from '../../../src/shared/payer-order.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  credit,
  freshUtr,
  setStatus,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

async function view(paymentUid: string) {
  const { data } = await json(await t.app.request(`/checkout/api/orders/${paymentUid}`));
  expect(PayerOrderSchema.safeParse(data).success).toBe(true);
  return data;
}

/**
 * The payer view once the change has reached it: the poll answers from a cache that the store's
 * change notification refreshes, which on a busy machine can arrive after the change's answer.
 */
async function viewOnce(paymentUid: string, status: string) {
  return vi.waitFor(
    async () => {
      const data = await view(paymentUid);
      expect(data.payment_status).toBe(status);
      return data;
    },
    { timeout: 20_000, interval: 20 },
  );
}

describe('failure reasons in the payer view', () => {
  it('gives an amount mismatch as a code with the expected and the received amount', async () => {
    const uid = await createIncome(t, t.merchant, { amount: '500.00' });
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '50.00');
    const data = await viewOnce(uid, 'reject');
    expect(data.payment_status).toBe('reject');
    expect(data.fail_reason).toEqual({
      code: 'amount_mismatch',
      params: { expected: '500.00', received: '50.00' },
    });
    expect(data.utr).toBe(utr);
  });

  it('names operator failures, rejections and refunds, and shows no reason while the order is open', async () => {
    const failed = await createIncome(t);
    expect((await view(failed)).fail_reason).toBeNull();
    await claim(t, failed, freshUtr());
    expect((await view(failed)).fail_reason).toBeNull();
    expect((await setStatus(t, failed, 'failed', 'payer called: paid twice')).status).toBe(200);
    expect((await viewOnce(failed, 'failed')).fail_reason).toEqual({ code: 'operator_failed', params: {} });

    const rejected = await createIncome(t);
    await claim(t, rejected, freshUtr());
    await setStatus(t, rejected, 'reject', 'suspicious');
    expect((await viewOnce(rejected, 'reject')).fail_reason).toEqual({
      code: 'operator_rejected',
      params: {},
    });

    const refunded = await createIncome(t);
    await claim(t, refunded, freshUtr());
    await setStatus(t, refunded, 'refund');
    expect((await viewOnce(refunded, 'refund')).fail_reason).toEqual({ code: 'refunded', params: {} });
  });

  it('never passes the merchant-facing English text through', async () => {
    const uid = await createIncome(t);
    await claim(t, uid, freshUtr());
    await setStatus(t, uid, 'failed', 'internal note about the payer');
    const text = await (await t.app.request(`/checkout/api/orders/${uid}`)).text();
    expect(text).not.toContain('internal note');
  });
});

describe('the payee and the merchant profile in the payer view', () => {
  it('shows the collection account’s registered name as to_name beside the display name', async () => {
    const uid = await createIncome(t);
    const data = await view(uid);
    expect(data.to_name).toBe('Chai Point Pvt Ltd');
    expect(data.merchant).toEqual({ name: 'Chai Point', brand_color: null, support_contact: null });
  });

  it('takes mc, purpose and a support contact through the operator API and uses them', async () => {
    const created = await t.operator('POST', '/operator/api/merchants', {
      name: 'Kirana Store',
      upi_vpa: 'kirana@okhdfc',
      upi_payee_name: 'Sharma Traders',
      upi_mc: '5411',
      upi_purpose: '00',
      support_contact: 'help@kirana.example',
    });
    expect(created.status).toBe(201);
    const key = (await json(created)).data;
    expect(key.merchant).toMatchObject({ upi_mc: '5411', upi_purpose: '00' });
    const uid = await createIncome(t, key);
    const data = await view(uid);
    expect(data.extra).toMatch(/&mc=5411&purpose=00$/);
    expect(data.merchant.support_contact).toBe('help@kirana.example');
    expect(data.to_name).toBe('Sharma Traders');

    // Cleared: no empty parameter in the URI.
    const patched = await t.operator('PATCH', `/operator/api/merchants/${key.merchant_uid}`, {
      upi_mc: '',
      upi_purpose: '',
      support_contact: '+91 98765 43210',
    });
    expect(patched.status).toBe(200);
    const later = await view(await createIncome(t, key));
    expect(later.extra).not.toMatch(/mc=|purpose=/);
    expect(later.merchant.support_contact).toBe('+91 98765 43210');
  });

  it('refuses a malformed code or contact with the field named, and an unknown merchant with 404', async () => {
    for (const [field, value] of [
      ['upi_mc', '54'],
      ['upi_purpose', 'ab'],
      ['support_contact', 'javascript:alert(1)'],
    ] as const) {
      const response = await t.operator('PATCH', `/operator/api/merchants/${t.merchant.merchant_uid}`, {
        [field]: value,
      });
      expect(response.status).toBe(400);
      expect((await json(response)).data.details).toContain(field);
    }
    const missing = await t.operator('PATCH', '/operator/api/merchants/MNOSUCH', { upi_mc: '5411' });
    expect(missing.status).toBe(404);
  });
});
