import { describe, expect, it } from 'vitest';
import { maskedAccount } from '../../../src/server/checkout-api/masked-account.js';

describe('maskedAccount', () => {
  it('keeps the last 4 digits of a bank account', () => {
    expect(maskedAccount('000123456789')).toBe('XXXXXXXX6789');
    expect(maskedAccount(' 123456789012345678 ')).toBe('XXXXXXXXXXXXXX5678');
  });

  it('hides a number too short to keep 4 digits of', () => {
    expect(maskedAccount('123456')).toBe('XXXXXX');
    expect(maskedAccount('12')).toBe('XXXX');
  });
});
