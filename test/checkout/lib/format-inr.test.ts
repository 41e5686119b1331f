import { describe, expect, it } from 'vitest';
import { formatInr, plainAmount } from '../../../src/checkout/lib/format-inr.js';

describe('formatInr', () => {
  it('groups in the Indian way with two decimals', () => {
    expect(formatInr('100000.00')).toBe('₹1,00,000.00');
    expect(formatInr('1500')).toBe('₹1,500.00');
    expect(formatInr('12345678.5')).toBe('₹1,23,45,678.50');
    expect(formatInr('0.99')).toBe('₹0.99');
  });

  it('does not round through floating point', () => {
    expect(formatInr('0.29')).toBe('₹0.29');
    expect(formatInr('1.10')).toBe('₹1.10');
  });

  it('shows text it cannot parse as given', () => {
    expect(formatInr('abc')).toBe('abc');
  });

  it('gives a plain amount for pasting into apps', () => {
    expect(plainAmount('1500')).toBe('1500.00');
    expect(plainAmount('20.5')).toBe('20.50');
  });
});
