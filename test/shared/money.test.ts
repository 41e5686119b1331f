import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../src/shared/money.js';

describe('amounts', () => {
  it.each([
    ['20', 2000],
    ['20.5', 2050],
    ['20.00', 2000],
    ['0.01', 1],
    ['100000.00', 10_000_000],
    [' 7.10 ', 710],
    ['0099.99', 9999],
  ])('parses %j as %i paise', (text, paise) => {
    expect(parseAmount(text)).toBe(paise);
  });

  it.each(['', '0', '0.00', '-1', '1.234', '1e3', '1,000', 'abc', '.5', '5.', 'NaN', '12345678901234'])(
    'refuses %j',
    (text) => {
      expect(parseAmount(text)).toBeUndefined();
    },
  );

  it('formats paise with two decimals and no floating point drift', () => {
    expect(formatAmount(2050)).toBe('20.50');
    expect(formatAmount(1)).toBe('0.01');
    expect(formatAmount(10_000_000)).toBe('100000.00');
    expect(formatAmount(-305)).toBe('-3.05');
    // 0.1 + 0.2 in rupees is exactly 0.30 when kept as paise.
    expect(formatAmount((parseAmount('0.1') ?? 0) + (parseAmount('0.2') ?? 0))).toBe('0.30');
  });
});
