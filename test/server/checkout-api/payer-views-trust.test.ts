/**
 * The payer views when an announcement never arrives: an open order's view is served from memory
 * for a bounded time only, so a change the change feed did not deliver still reaches the payer's
 * next poll (decision 0042). The feed here hears nothing on the order channel, as if every
 * notification were lost, while the store changes for real.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createPayerViews,
  OPEN_VIEW_TRUST_MS,
  type PayerViews,
} from '../../../src/server/checkout-api/payer-views.js';
import { ORDER_CHANGES_CHANNEL } from '../../../src/server/orders/order-changes.js';
import type { ChangeFeed } from '../../../src/server/store/change-feed.js';
import { claim, createIncome, credit, freshUtr } from '../lifecycle/support/lifecycle-fixture.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';

/** The test's live feed, except that nothing announced on the order channel is passed on. */
function deafToOrders(feed: ChangeFeed): ChangeFeed {
  return {
    on: (channel, fn) => (channel === ORDER_CHANGES_CHANNEL ? () => undefined : feed.on(channel, fn)),
    onState: (fn) => feed.onState(fn),
    get live() {
      return feed.live;
    },
    close: () => feed.close(),
  };
}

const AMOUNT = '100.00';

describe(`payer views whose change announcements are lost (${storeKind})`, () => {
  let t: TestApp;
  let views: PayerViews;
  beforeEach(async () => {
    t = await createTestApp();
    views = createPayerViews({
      db: t.db,
      changes: deafToOrders(t.heard.feed),
      sandbox: true,
      now: () => t.clock.now(),
      secretKey: t.deps.config.secretKey,
      claimGraceSeconds: t.deps.config.claimGraceSeconds,
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it('reads an open order from the store again once its view is older than the trust window', async () => {
    const uid = await createIncome(t);
    expect((await views.get(uid))?.view.payment_status).toBe('pending');

    const utr = freshUtr();
    expect((await claim(t, uid, utr)).status).toBe(200);
    // Unheard, the change is not seen at once: the view in memory answers.
    expect((await views.get(uid))?.view.payment_status).toBe('pending');

    t.clock.advance(OPEN_VIEW_TRUST_MS - 1_000);
    expect((await views.get(uid))?.view.payment_status).toBe('pending');
    t.clock.advance(1_001);
    expect((await views.get(uid))?.view.payment_status).toBe('processing');
  });

  it('keeps a final view in memory: it cannot change again', async () => {
    const uid = await createIncome(t);
    const utr = freshUtr();
    expect((await claim(t, uid, utr)).status).toBe(200);
    expect((await credit(t, utr, AMOUNT)).status).toBeLessThan(300);
    expect((await views.get(uid))?.view.payment_status).toBe('completed');
    t.clock.advance(OPEN_VIEW_TRUST_MS * 10);
    expect(views.peek(uid)?.view.payment_status).toBe('completed');
  });
});
