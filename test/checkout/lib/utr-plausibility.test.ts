import { describe, expect, it } from 'vitest';
import { utrDay, utrPlausibility } from '../../../src/checkout/lib/utr-plausibility.js';

// 1 May 2030, 15:30 IST: day 121 of 2030.
const NOW = Date.parse('2030-05-01T10:00:00.000Z');
const CREATED = '2030-05-01T09:55:00.000Z';

describe('UTR plausibility (YDDD)', () => {
  it('reads the year digit and the day of the year, in Indian time', () => {
    expect(utrDay('012110345678', NOW)).toBe(Date.UTC(2030, 0, 1) / 86_400_000 + 120);
    // A 9 in 2030 is 2029.
    expect(utrDay('936512345678', NOW)).toBe(Date.UTC(2029, 0, 1) / 86_400_000 + 364);
    expect(utrDay('000012345678', NOW)).toBeUndefined();
    expect(utrDay('036612345678', NOW)).toBeUndefined(); // 2030 has 365 days
  });

  it('takes today’s, yesterday’s and last month’s numbers as they are', () => {
    expect(utrPlausibility('012110345678', CREATED, NOW)).toBe('plausible');
    expect(utrPlausibility('012023999999', CREATED, NOW)).toBe('plausible');
    expect(utrPlausibility('009100000001', CREATED, NOW)).toBe('plausible'); // 30 days before
    expect(utrPlausibility('936512345678', '2030-01-02T10:00:00Z', Date.parse('2030-01-02T10:00:00Z'))).toBe(
      'plausible',
    );
  });

  it('questions a day that has not come yet', () => {
    expect(utrPlausibility('012310345678', CREATED, NOW)).toBe('future');
    expect(utrPlausibility('030010345678', CREATED, NOW)).toBe('future');
  });

  it('questions a day more than 30 days before the order', () => {
    expect(utrPlausibility('008912345678', CREATED, NOW)).toBe('old');
    expect(utrPlausibility('412345678901', CREATED, NOW)).toBe('old'); // 2024
  });

  it('questions a mobile number with 91 in front', () => {
    expect(utrPlausibility('919876543210', CREATED, NOW)).toBe('phone');
  });

  it('leaves numbers that follow no YDDD pattern alone (some banks number differently)', () => {
    expect(utrPlausibility('000012345678', CREATED, NOW)).toBe('plausible');
  });
});
