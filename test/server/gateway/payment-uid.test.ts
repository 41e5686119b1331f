import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedUuid } from '../../../src/server/gateway/payment-uid.js';
import { createTestApp, incomeBody, json, type TestApp } from '../support/test-app.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The milliseconds a version 7 UUID carries in its first 48 bits. */
const millisecondsOf = (uid: string) => Number.parseInt(uid.replaceAll('-', '').slice(0, 12), 16);

describe('a time-ordered payment_uid', () => {
  it('is a version 7 UUID carrying its time in milliseconds', () => {
    const at = Date.parse('2026-11-29T08:45:12.345Z');
    const uid = timeOrderedUuid(at);
    expect(uid).toMatch(UUID_V7);
    expect(millisecondsOf(uid)).toBe(at);
  });

  it('sorts as its time does, and differs within one millisecond by its random bits', () => {
    const start = Date.parse('2026-11-29T00:00:00Z');
    const uids = Array.from({ length: 1000 }, (_, i) => timeOrderedUuid(start + i * 7));
    expect([...uids].sort()).toEqual(uids);
    const sameTime = Array.from({ length: 1000 }, () => timeOrderedUuid(start));
    expect(new Set(sameTime).size).toBe(1000);
    // 74 random bits: every bit outside the time, the version and the variant takes both values.
    const bits = sameTime.map((uid) => BigInt(`0x${uid.replaceAll('-', '')}`) & ((1n << 80n) - 1n));
    const fixedMask = (0xfn << 76n) | (0x3n << 62n);
    let ones = 0n;
    let zeros = 0n;
    for (const value of bits) {
      ones |= value;
      zeros |= ~value & ((1n << 80n) - 1n);
    }
    const random = ((1n << 80n) - 1n) & ~fixedMask;
    expect(ones & random).toBe(random);
    expect(zeros & random).toBe(random);
  });
});

describe('a created order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a time-ordered payment_uid from the service clock, later orders sorting after earlier ones', async () => {
    const uids: string[] = [];
    for (const n of [1, 2, 3]) {
      const response = await t.signed(
        '/gateway/api/order/new',
        incomeBody(t.merchant.merchant_uid, { merchant_order_id: `uid-order-${n}` }),
      );
      expect(response.status).toBe(200);
      const { data } = await json(response);
      const uid: string = data.payment.payment_uid;
      expect(uid).toMatch(UUID_V7);
      expect(millisecondsOf(uid)).toBe(t.clock.now().getTime());
      uids.push(uid);
      t.clock.advance(1);
    }
    expect([...uids].sort()).toEqual(uids);
  });
});
