/**
 * End to end at service level, on the store under test (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a merchant creates an order with a notify_url, the payer claims a UTR, the
 * counter phone's forwarder posts the bank's SMS, and the merchant's endpoint receives a signed
 * `completed` callback from the real dispatcher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { silentLogger } from '../../../src/server/log.js';
import { createDispatcher } from '../../../src/server/notify/dispatcher.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { claim, createIncome, freshUtr, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { type CallbackReceiver, startReceiver } from '../notify/support/callback-receiver.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';
import { createSource, forwardSms } from './credit-support.js';

let t: TestApp;
let receiver: CallbackReceiver;
beforeAll(async () => {
  t = await createTestApp({ env: { ALLOW_PRIVATE_CALLBACKS: 'true' }, app: { payerLimits: UNLIMITED } });
  receiver = await startReceiver((apiKey) =>
    apiKey === t.merchant.api_key ? t.merchant.api_secret : undefined,
  );
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('a forwarded SMS', () => {
  it('completes the claimed order and the merchant receives its signed callback', async () => {
    const { ingest_token: token = '' } = await createSource(t, t.merchant);
    const uid = await createIncome(t, t.merchant, { amount: '2499.00', notify_url: receiver.url });
    const utr = freshUtr();
    expect((await claim(t, uid, utr)).status).toBe(200);

    const sms = `Rs.2,499.00 credited to HDFC Bank A/c XX9012 on 15-01-26 by a/c linked to VPA asha@ybl (UPI Ref No  ${utr}).`;
    const forwarded = await forwardSms(t, token, {
      from: 'VM-HDFCBK',
      message: sms,
      timestamp: '2026-01-15T10:00:00Z',
    });
    expect((await json(forwarded)).data).toMatchObject({
      outcome: 'credit',
      reason: 'matched; order completed',
    });

    const dispatcher = createDispatcher({
      db: t.db,
      clock: t.clock,
      log: silentLogger,
      metrics: t.deps.metrics,
      config: t.deps.config,
      timeoutMs: 30_000,
    });
    for (
      let pass = 0;
      pass < 5 && !receiver.hits.some((h) => h.fields.payment_status === 'completed');
      pass++
    ) {
      await dispatcher.runOnce();
    }
    const completed = receiver.hits.find((hit) => hit.fields.payment_status === 'completed');
    expect(completed?.fields).toMatchObject({ payment_uid: uid, amount: '2499.00', serial_number: utr });
    expect(completed?.signedKeepingEmpties).toBe(true);
    const [order] = await queryRows(
      t.db,
      z.object({ notify_status: z.string() }),
      'SELECT notify_status FROM orders WHERE payment_uid = $1',
      [uid],
    );
    expect(order?.notify_status).toBe('completed');
  });
});
