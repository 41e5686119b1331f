/**
 * What the payer view carries for the way back and for payouts: the signed return address
 * (docs/merchant-api.md, Return to the shop), until when a claimed UTR is checked, and a payout's
 * bank reference, masked account and completion time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayerOrderSchema } from '../../../src/shared/payer-order.js';
import {
  claim,
  createIncome,
  createLifecycleApp,
  createPayout,
  freshUtr,
  fund,
  setStatus,
} from '../lifecycle/support/lifecycle-fixture.js';
import { json, sign, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

async function view(paymentUid: string, status?: string) {
  return vi.waitFor(
    async () => {
      const { data } = await json(await t.app.request(`/checkout/api/orders/${paymentUid}`));
      expect(PayerOrderSchema.safeParse(data).success).toBe(true);
      if (status !== undefined) expect(data.payment_status).toBe(status);
      return data;
    },
    { timeout: 20_000, interval: 20 },
  );
}

/** Verifies a return address as a shop would, written out here apart from the service's code. */
function verifyReturn(returnUrl: string, secret: string) {
  const params = new URL(returnUrl).searchParams;
  const fields = {
    merchant_order_id: params.get('merchant_order_id') ?? '',
    payment_status: params.get('payment_status') ?? '',
    payment_uid: params.get('payment_uid') ?? '',
  };
  return { fields, valid: params.get('signature') === sign(secret, fields) };
}

describe('the signed return address', () => {
  it("adds the order's reference, uid, status and a signature the merchant's secret verifies, keeping the shop's own parameters", async () => {
    const uid = await createIncome(t, t.merchant, {
      merchant_order_id: 'ORD-RET-1',
      redirect_url: 'https://shop.example/return?cart=A%20B&lang=hi#done',
    });
    const pending = await view(uid, 'pending');
    expect(pending.redirect_url).toBe('https://shop.example/return?cart=A%20B&lang=hi#done');
    const url = new URL(pending.return_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example/return');
    expect(url.search.startsWith('?cart=A%20B&lang=hi&')).toBe(true);
    expect(url.hash).toBe('#done');
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyReturn(pending.return_url, t.merchant.api_secret)).toEqual({
      fields: { merchant_order_id: 'ORD-RET-1', payment_status: 'pending', payment_uid: uid },
      valid: true,
    });
    expect(verifyReturn(pending.return_url, 'another secret').valid).toBe(false);

    // A new status is a new view, signed again.
    expect((await claim(t, uid, freshUtr())).status).toBe(200);
    const processing = await view(uid, 'processing');
    expect(verifyReturn(processing.return_url, t.merchant.api_secret)).toEqual({
      fields: { merchant_order_id: 'ORD-RET-1', payment_status: 'processing', payment_uid: uid },
      valid: true,
    });
    expect(processing.return_url).not.toBe(pending.return_url);
  });

  it('is signed with the secret of the key that created the order, never carried in the view', async () => {
    const other = await t.addMerchant({ name: 'Second Shop', upi_vpa: 'second@okaxis' });
    const uid = await createIncome(t, other, { redirect_url: 'https://second.example/back' });
    const text = await (await t.app.request(`/checkout/api/orders/${uid}`)).text();
    expect(text).not.toContain(other.api_secret);
    const { data } = JSON.parse(text);
    expect(verifyReturn(data.return_url, other.api_secret).valid).toBe(true);
    expect(verifyReturn(data.return_url, t.merchant.api_secret).valid).toBe(false);
  });

  it("gives the service's parameters precedence over the same names in the shop's URL", async () => {
    const uid = await createIncome(t, t.merchant, {
      merchant_order_id: 'ORD-RET-2',
      redirect_url: 'https://shop.example/r?payment_status=completed&signature=forged&keep=1',
    });
    const { return_url: returnUrl } = await view(uid);
    const params = new URL(returnUrl).searchParams;
    expect(params.getAll('payment_status')).toEqual(['pending']);
    expect(params.getAll('signature')).toHaveLength(1);
    expect(params.get('keep')).toBe('1');
    expect(verifyReturn(returnUrl, t.merchant.api_secret).valid).toBe(true);
  });

  it('is null without a redirect_url', async () => {
    const uid = await createIncome(t, t.merchant, { redirect_url: '' });
    expect(await view(uid)).toMatchObject({ redirect_url: null, return_url: null });
  });
});

describe('checking a claimed UTR', () => {
  it('says until when the service waits for the credit: the expiry plus the claim grace period', async () => {
    const uid = await createIncome(t);
    const pending = await view(uid, 'pending');
    expect(pending.checking_until).toBeNull();
    expect((await claim(t, uid, freshUtr())).status).toBe(200);
    const processing = await view(uid, 'processing');
    expect(Date.parse(processing.checking_until) - Date.parse(processing.expires_at)).toBe(86_400_000);
  });
});

describe('a payout page', () => {
  it('shows the masked account, and the bank reference and the time once the payout is completed', async () => {
    await fund(t, t.merchant, '500.00');
    const uid = await createPayout(t, t.merchant, '120.00', { to: '000123456789' });
    const pending = await view(uid, 'pending');
    expect(pending.payout).toEqual({ bank_reference: null, account: 'XXXXXXXX6789', completed_at: null });
    expect(JSON.stringify(pending)).not.toContain('000123456789');

    // The channel's bank reference, stored on the order as a channel reports it.
    await t.db.query('UPDATE orders SET matched_utr = $2 WHERE payment_uid = $1', [uid, '612398765432']);
    expect((await setStatus(t, uid, 'completed')).status).toBe(200);
    const completed = await view(uid, 'completed');
    expect(completed.payout).toEqual({
      bank_reference: '612398765432',
      account: 'XXXXXXXX6789',
      completed_at: completed.status_changed_at,
    });
  });

  it('is absent from a collection', async () => {
    expect((await view(await createIncome(t))).payout).toBeNull();
  });
});
