import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { expectSoundLedger } from '../support/sound-ledger.js';
import { json, type TestApp } from '../support/test-app.js';
import {
  claim,
  count,
  createIncome,
  createLifecycleApp,
  createPayout,
  credit,
  errorCode,
  freshUtr,
  fund,
  orderRow,
} from './support/lifecycle-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

async function claimJson(body: Record<string, unknown>): Promise<Response> {
  return t.app.request('/Payments/india_match', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('POST /Payments/india_match', () => {
  it('takes a form-encoded claim and answers the payment_uid, the UTR and the new status', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    const response = await claim(t, uid, utr);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      result: 'success',
      data: { payment_uid: uid, serial_number: utr, payment_status: 'processing' },
    });
  });

  it('takes a JSON claim too', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    const response = await claimJson({ payment_uid: uid, serial_number: utr });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ serial_number: utr, payment_status: 'processing' });
  });

  it('removes the spaces a payer pasted and keeps a leading 0', async () => {
    const uid = await createIncome(t);
    const response = await claim(t, uid, ' 0123 4567 8901 ');
    expect(response.status).toBe(200);
    expect((await json(response)).data.serial_number).toBe('012345678901');
    expect(await count(t, `utr_claims WHERE utr = '012345678901' AND payment_uid = $1`, [uid])).toBe(1);
  });

  for (const [title, serial] of [
    ['11 digits', '12345678901'],
    ['13 digits', '1234567890123'],
    ['letters', '12345678901A'],
    ['a sign', '-12345678901'],
    ['nothing', ''],
  ] as const) {
    it(`refuses a UTR of ${title} with 400 naming serial_number`, async () => {
      const uid = await createIncome(t);
      const response = await claim(t, uid, serial);
      expect(response.status).toBe(400);
      expect((await json(response)).data.details).toMatch(/^serial_number:/);
      expect((await orderRow(t, uid)).payment_status).toBe('pending');
    });
  }

  it('refuses a claim without payment_uid with 400', async () => {
    const response = await claimJson({ serial_number: freshUtr() });
    expect(response.status).toBe(400);
    expect((await json(response)).data.details).toMatch(/^payment_uid:/);
  });

  it('answers 404 for an unknown payment_uid', async () => {
    expect((await claim(t, randomUUID(), freshUtr())).status).toBe(404);
    expect((await claim(t, 'not-a-uuid', freshUtr())).status).toBe(404);
  });

  it('answers 409 for a new UTR on an order that is already final', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '100.00');
    const response = await claim(t, uid, freshUtr());
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('order_final');
  });

  it('answers the settled order again when the payer repeats the claim that completed it', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    await claim(t, uid, utr);
    await credit(t, utr, '100.00');
    const again = await claim(t, uid, utr);
    expect(again.status).toBe(200);
    expect((await json(again)).data.payment_status).toBe('completed');
  });

  it('refuses a claim for a payout order', async () => {
    const key: IssuedKey = await t.addMerchant({ name: 'Payout merchant' });
    await fund(t, key, '100.00');
    const payout = await createPayout(t, key, '10.00');
    const response = await claim(t, payout, freshUtr());
    expect(response.status).toBe(400);
    expect((await json(response)).data.details).toMatch(/^payment_uid:/);
    expect(await count(t, 'utr_claims WHERE payment_uid = $1', [payout])).toBe(0);
  });

  it('refuses other content types with 415', async () => {
    const response = await t.app.request('/Payments/india_match', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'payment_uid=x',
    });
    expect(response.status).toBe(415);
  });
});

describe('the ledger these flows leave', () => {
  it("is sound by the operators' ledger check", async () => {
    await expectSoundLedger(t.db);
  });
});
