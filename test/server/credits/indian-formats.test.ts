import { describe, expect, it } from 'vitest';
import { parseIndianAmount } from '../../../src/server/credits/indian-amount.js';
import { findIndianDate, parseIndianDate } from '../../../src/server/credits/indian-date.js';

describe('Indian amounts', () => {
  it('reads lakh and western grouping, currency marks and the /- suffix as paise', () => {
    expect(parseIndianAmount('1,00,000.00')).toBe(10_000_000);
    expect(parseIndianAmount('12,34,567.5')).toBe(123_456_750);
    expect(parseIndianAmount('1,000,000')).toBe(100_000_000);
    expect(parseIndianAmount('Rs.500')).toBe(50_000);
    expect(parseIndianAmount('INR 2,500.00')).toBe(250_000);
    expect(parseIndianAmount('₹99')).toBe(9_900);
    expect(parseIndianAmount('Rs:500.00')).toBe(50_000);
    expect(parseIndianAmount('999/-')).toBe(99_900);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '1,0,0', '12,34', '10.505', '-5', '0.00', 'ten', '1,00,00.00']) {
      expect(parseIndianAmount(text), text).toBeUndefined();
    }
  });
});

describe('Indian dates', () => {
  it('reads day-first dates in Indian Standard Time unless a zone is given', () => {
    expect(parseIndianDate('12/01/2025')?.toISOString()).toBe('2025-01-11T18:30:00.000Z');
    expect(parseIndianDate('12-01-25')?.toISOString()).toBe('2025-01-11T18:30:00.000Z');
    expect(parseIndianDate('12-Jan-25')?.toISOString()).toBe('2025-01-11T18:30:00.000Z');
    expect(parseIndianDate('12 January 2025')?.toISOString()).toBe('2025-01-11T18:30:00.000Z');
    expect(parseIndianDate('2025-01-12')?.toISOString()).toBe('2025-01-11T18:30:00.000Z');
    expect(parseIndianDate('2025-01-12T10:00:00Z')?.toISOString()).toBe('2025-01-12T10:00:00.000Z');
    expect(findIndianDate('on 12-01-2025 10:15:32 thru UPI')?.toISOString()).toBe('2025-01-12T04:45:32.000Z');
  });

  it('refuses impossible dates and does not take account digits for one', () => {
    expect(parseIndianDate('31/02/2025')).toBeUndefined();
    expect(parseIndianDate('13/13/2025')).toBeUndefined();
    expect(parseIndianDate('')).toBeUndefined();
    expect(findIndianDate('A/c *1234 credited')).toBeUndefined();
  });
});
