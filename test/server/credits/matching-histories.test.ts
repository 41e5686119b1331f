/**
 * The same generated histories as decide.test.ts, played through the real interfaces (the payer's
 * claim, the operator's credits, confirmations, matches and status changes, the expiry sweep) on
 * the real store. After each history the store must hold what the model of decide.test.ts holds
 * (every order's status, every credit's order, every UTR's claim), and the money invariants must
 * hold in the store itself: a completed order has exactly one credit of its amount paid to its
 * account, and exactly one collected posting; every status change follows the transition table.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { holdersOf } from '../../../src/server/credits/claim-store.js';
import { findCreditByUtr } from '../../../src/server/credits/credit-store.js';
import { normalizePayee } from '../../../src/server/credits/matching/credit-payee.js';
import { checkLedger } from '../../../src/server/ledger/ledger-check.js';
import { expireDueOrders } from '../../../src/server/lifecycle/commands/expire-orders.js';
import { canTransition } from '../../../src/server/lifecycle/transitions.js';
import type { IssuedKey } from '../../../src/server/merchants/api-key-store.js';
import { findOrder } from '../../../src/server/orders/order-store.js';
import { queryRows } from '../../../src/server/store/rows.js';
import { formatAmount } from '../../../src/shared/money.js';
import { claim, createIncome, createLifecycleApp, freshUtr } from '../lifecycle/support/lifecycle-fixture.js';
import type { TestApp } from '../support/test-app.js';
import { type Event, histories, MERCHANT_ACCOUNTS, play, UTRS, World } from './support/matching-model.js';

let t: TestApp;
let merchants: IssuedKey[];
beforeAll(async () => {
  t = await createLifecycleApp();
  merchants = [
    t.merchant,
    await t.addMerchant({ name: 'Second Shop', upi_vpa: MERCHANT_ACCOUNTS[1], imps_account: '987654321098' }),
  ];
});
afterAll(async () => {
  await t.close();
});

async function playOnStore(event: Event, uids: readonly string[], utrs: readonly string[]): Promise<void> {
  const uid = 'order' in event ? (uids[event.order] ?? '') : '';
  const utr = 'utr' in event ? (utrs[event.utr] ?? '') : '';
  switch (event.kind) {
    case 'claim':
      await claim(t, uid, utr);
      return;
    case 'credit':
      await t.operator('POST', '/operator/api/credits', {
        utr,
        amount: formatAmount(event.amount),
        ...(event.payee === '' ? {} : { payee: event.payee }),
      });
      return;
    case 'confirm':
      await t.operator('POST', `/operator/api/credits/${utr}/confirm`, { payment_uid: uid });
      return;
    case 'match': {
      const credit = await findCreditByUtr(t.db, utr);
      if (credit) {
        await t.operator('POST', `/operator/api/credits/${credit.id}/match`, {
          payment_uid: uid,
          note: 'history',
        });
      }
      return;
    }
    case 'fail':
      await t.operator('POST', `/operator/api/orders/${uid}/status`, { status: 'failed' });
      return;
    case 'resolve':
      throw new Error('resolutions are played by the history');
    case 'expire':
      await expireDueOrders(t.db, new Date(t.clock.now().getTime() + 30 * 86_400_000));
      return;
  }
}

const Transition = z.object({ from_status: z.string(), to_status: z.string() });
const Posting = z.object({ n: z.number() });
const ConfirmedCredit = z.object({ n: z.number() });

describe('matching histories on the store', () => {
  it('leaves the store as the decision model says, with the money where it belongs', async () => {
    await fc.assert(
      fc.asyncProperty(histories(10), async (history) => {
        const uids: string[] = [];
        for (const plan of history.orders) {
          const key = merchants[plan.merchant] ?? t.merchant;
          uids.push(await createIncome(t, key, { amount: formatAmount(plan.amount) }));
        }
        const utrs = Array.from({ length: UTRS }, () => freshUtr());
        const world = new World(uids, utrs, history.orders);
        for (const event of history.events) {
          // A resolution names a contested UTR's claimant as of before the event.
          const resolution = event.kind === 'resolve' ? world.resolution(event.order, event.utr) : undefined;
          play(world, event);
          if (resolution) {
            await t.operator('POST', `/operator/api/credits/contested/${resolution.utr}/resolve`, {
              payment_uid: resolution.paymentUid,
              note: 'history',
            });
          } else await playOnStore(event, uids, utrs);
        }
        world.checkInvariants();
        for (const uid of uids) {
          const order = await findOrder(t.db, uid);
          expect(order?.payment_status, uid).toBe(world.orders.get(uid)?.payment_status);
          if (!order) continue;
          const credits = await queryRows(
            t.db,
            z.object({ id: z.number(), amount: z.number(), payee: z.string() }),
            'SELECT id, amount, payee FROM bank_credits WHERE payment_uid = $1',
            [uid],
          );
          const [posting] = await queryRows(
            t.db,
            Posting,
            `SELECT count(*)::int AS n FROM ledger_postings WHERE payment_uid = $1 AND event = 'collected'`,
            [uid],
          );
          expect(posting?.n).toBe(order.payment_status === 'completed' ? 1 : 0);
          expect(credits.length).toBeLessThanOrEqual(1);
          const [credit] = credits;
          if (order.payment_status === 'completed') expect(credit?.amount).toBe(order.amount);
          if (credit && credit.payee !== '') expect(normalizePayee(credit.payee)).toBe(order.to_account);
          if (credit && credit.payee === '') {
            const [confirmed] = await queryRows(
              t.db,
              ConfirmedCredit,
              `SELECT count(*)::int AS n FROM audit_log WHERE action = 'credit.confirm' AND subject = $1`,
              [`credit:${credit.id}`],
            );
            expect(confirmed?.n).toBe(1);
          }
          for (const change of await queryRows(
            t.db,
            Transition,
            'SELECT from_status, to_status FROM order_events WHERE payment_uid = $1 AND from_status IS NOT NULL',
            [uid],
          )) {
            expect(canTransition('income', change.from_status as never, change.to_status as never)).toBe(
              true,
            );
          }
        }
        for (const utr of utrs) {
          expect((await findCreditByUtr(t.db, utr))?.payment_uid ?? null).toBe(
            world.credits.get(utr)?.paymentUid ?? null,
          );
          const held = (await holdersOf(t.db, utr)).map((c) => [c.payment_uid, c.contested]);
          expect(held.sort()).toEqual(
            world
              .claimsOf(utr)
              .map((c) => [c.payment_uid, c.contested])
              .sort(),
          );
        }
        // The operators' ledger check finds every credit in its account's suspense or with its order.
        expect((await checkLedger(t.db)).checks.flatMap((check) => check.differences)).toEqual([]);
      }),
      { numRuns: 20 },
    );
  }, 300_000);
});
