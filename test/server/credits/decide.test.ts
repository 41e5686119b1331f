/**
 * The matching decision (credits/matching/decide.ts) checked by invariants over generated
 * histories: each event of a history is decided by `decide` over the situation a model of the
 * store holds, its steps applied to the model, and after every event the money must be where it
 * belongs. No store: thousands of histories in a second or two.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/server/credits/matching/decide.js';
import type { Situation } from '../../../src/server/credits/matching/decision.js';
import type { Order } from '../../../src/server/orders/order.js';
import { histories, play, UTRS, World } from './support/matching-model.js';

const uids = Array.from({ length: 4 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
const utrs = Array.from({ length: UTRS }, (_, i) => `61234567890${i}`);

describe('the matching decision over generated histories', () => {
  it('keeps money where it belongs after every event', () => {
    fc.assert(
      fc.property(histories(14), (history) => {
        const world = new World(uids, utrs, history.orders);
        for (const event of history.events) {
          play(world, event);
          world.checkInvariants();
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('settles only with the exact amount as completed, and says what arrived otherwise', () => {
    fc.assert(
      fc.property(histories(14), (history) => {
        const world = new World(uids, utrs, history.orders);
        for (const event of history.events) {
          const decision = play(world, event);
          for (const step of decision?.steps ?? []) {
            if (step.kind !== 'settle') continue;
            const order = world.orders.get(step.paymentUid) as Order;
            expect(step.failReason === '').toBe(step.result === 'completed');
            if (step.result === 'rejected')
              expect(step.failReason).toMatch(/^amount mismatch: received .* INR, expected .* INR$/);
            expect(order.payment_status).toBe(step.result === 'completed' ? 'completed' : 'reject');
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('fails the invariants when a rule is broken (a credit settling any claim whatever its payee)', () => {
    const world = new World(uids, utrs, [
      { merchant: 0, amount: 10_000 },
      { merchant: 1, amount: 10_000 },
      { merchant: 0, amount: 10_000 },
      { merchant: 1, amount: 10_000 },
    ]);
    play(world, { kind: 'claim', order: 1, utr: 0 });
    world.credits.set(utrs[0] ?? '', {
      amount: 10_000,
      payee: 'chaipoint@okaxis',
      paymentUid: null,
      settledBy: null,
    });
    // The claim's order collects to second@okaxis: settle it anyway, as a broken rule would.
    world.change(uids[1] ?? '', 'completed');
    const credit = world.credits.get(utrs[0] ?? '');
    if (credit) credit.paymentUid = uids[1] ?? null;
    expect(() => world.checkInvariants()).toThrow(
      /paid to chaipoint@okaxis settled an order of second@okaxis/,
    );
  });

  it('answers a credit nobody claimed with a plain wait and nothing to write', () => {
    const situation: Situation = {
      credit: { utr: '612345678900', amount: 100, payee: 'shop@okaxis', payment_uid: null },
      claims: [],
      losers: [],
      orders: new Map(),
      claimCount: 0,
      collectors: undefined,
    };
    expect(decide({ kind: 'credit', utr: '612345678900' }, situation)).toEqual({
      steps: [],
      outcome: { kind: 'waiting', reason: 'no order has claimed this UTR yet' },
    });
  });
});
