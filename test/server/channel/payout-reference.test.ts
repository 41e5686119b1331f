import { describe, expect, it } from 'vitest';
import { payoutReference } from '../../../src/server/channel/payout.js';
import { timeOrderedUuid } from '../../../src/server/gateway/payment-uid.js';

describe("a payout's bank reference", () => {
  it('is PO and the last 13 hex digits of the payment_uid, upper-cased', () => {
    expect(payoutReference('0190f3a2-1b2c-7d3e-8f40-5a6b7c8d9e0f')).toBe('PO05A6B7C8D9E0F');
  });

  it('differs between payouts created in the same millisecond', () => {
    const ms = Date.parse('2026-01-15T10:00:00.000Z');
    const references = new Set(Array.from({ length: 200 }, () => payoutReference(timeOrderedUuid(ms))));
    expect(references.size).toBe(200);
  });
});
