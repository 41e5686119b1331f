/**
 * The matching decision (credits/matching/decide.ts) checked by invariants over generated
 * histories: each event of a history is decided by `decide` over the situation a model of the
 * store holds, its steps applied to the model, and after every event the money must be where it
 * belongs. No store: thousands of histories in a second or two.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTESTED, decide } from '../../../src/server/credits/matching/decide.js';
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

  it('contests a UTR only between orders of one merchant and amount, and settles it only by resolution', () => {
    let contests = 0;
    let resolved = 0;
    // Half the histories with every order of one merchant and amount, where contests are common.
    const rivals = histories(14).map((history) => ({
      ...history,
      orders: history.orders.map(() => ({ merchant: 0, amount: 10_000 })),
    }));
    fc.assert(
      fc.property(fc.oneof(histories(14), rivals), (history) => {
        const world = new World(uids, utrs, history.orders);
        for (const event of history.events) {
          const decision = play(world, event);
          if (decision?.outcome.kind === 'contested') contests++;
          if (event.kind === 'resolve' && decision?.outcome.kind !== 'refused') resolved++;
          // The model throws on a contest across merchants or amounts and on a settlement while contested.
          world.checkInvariants();
        }
      }),
      { numRuns: 2000 },
    );
    // The histories do reach both: a property over cases never generated would prove nothing.
    expect(contests).toBeGreaterThan(0);
    expect(resolved).toBeGreaterThan(0);
  });

  it('contests a stolen UTR: both orders wait, the credit waits, the resolution settles the named order once', () => {
    const world = new World(uids, utrs, [
      { merchant: 0, amount: 10_000 },
      { merchant: 0, amount: 10_000 },
      { merchant: 0, amount: 25_000 },
      { merchant: 1, amount: 10_000 },
    ]);
    expect(play(world, { kind: 'claim', order: 0, utr: 0 })?.outcome.kind).toBe('claimed');
    expect(play(world, { kind: 'claim', order: 1, utr: 0 })?.outcome).toEqual({
      kind: 'contested',
      paymentUid: uids[1],
    });
    // Another amount or another merchant cannot contest: refused as used.
    expect(play(world, { kind: 'claim', order: 2, utr: 0 })?.outcome).toMatchObject({ reason: 'utr_used' });
    expect(play(world, { kind: 'claim', order: 3, utr: 0 })?.outcome).toMatchObject({ reason: 'utr_used' });
    const arrived = play(world, { kind: 'credit', utr: 0, amount: 10_000, payee: 'chaipoint@okaxis' });
    expect(arrived?.outcome).toEqual({ kind: 'waiting', reason: CONTESTED });
    expect(play(world, { kind: 'match', order: 0, utr: 0 })?.outcome).toMatchObject({ reason: 'contested' });
    const resolve = (paymentUid: string | undefined) =>
      world.act({ kind: 'resolve', utr: utrs[0] ?? '', paymentUid: paymentUid ?? '' }).outcome;
    expect(resolve(uids[2])).toMatchObject({ reason: 'no_claim' });
    expect(resolve(uids[1])).toEqual({
      kind: 'settled',
      paymentUid: uids[1],
      result: 'completed',
    });
    expect(world.orders.get(uids[1] ?? '')?.payment_status).toBe('completed');
    expect(world.orders.get(uids[0] ?? '')?.payment_status).toBe('processing');
    expect(world.claimsOf(utrs[0] ?? '')).toEqual([
      { payment_uid: uids[1], client_ip: '', contested: false },
    ]);
    // Claimed again after the credit completed an order: refused, and the completed order flagged.
    const late = play(world, { kind: 'claim', order: 0, utr: 0 });
    expect(late?.outcome).toMatchObject({ kind: 'refused', reason: 'utr_used' });
    expect(late?.steps.map((step) => step.kind)).toEqual(['record_loss', 'mark_contested']);
    world.checkInvariants();
  });
});
