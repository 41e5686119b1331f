import { describe, expect, it } from 'vitest';
import { checkUtr, cleanUtrInput } from '../../../src/checkout/lib/check-utr.js';

describe('checkUtr', () => {
  it('accepts exactly twelve digits, including a leading zero', () => {
    expect(checkUtr('412345678901')).toEqual({ kind: 'valid', utr: '412345678901' });
    expect(checkUtr('012345678901')).toEqual({ kind: 'valid', utr: '012345678901' });
  });

  it('strips spaces and dashes a payer pastes with the number', () => {
    expect(cleanUtrInput(' 4123 4567-8901 ')).toBe('412345678901');
    expect(checkUtr('4123 4567 8901')).toEqual({ kind: 'valid', utr: '412345678901' });
  });

  it('recognises PhonePe transaction ids', () => {
    expect(checkUtr('T2405011234567890123456').kind).toBe('phonepe-id');
    expect(checkUtr('t24050112345678').kind).toBe('phonepe-id');
  });

  it('recognises Google Pay ids', () => {
    expect(checkUtr('CICAgODcl7b4Mw').kind).toBe('gpay-id');
  });

  it('recognises Indian mobile numbers, with or without +91 or 0', () => {
    expect(checkUtr('9876543210').kind).toBe('phone-number');
    expect(checkUtr('+91 98765 43210').kind).toBe('phone-number');
    expect(checkUtr('09876543210').kind).toBe('phone-number');
  });

  it('does not mistake a 12-digit UTR starting with 91 for a phone number', () => {
    expect(checkUtr('919876543210').kind).toBe('valid');
  });

  it('counts digits when there are too few or too many', () => {
    expect(checkUtr('12345')).toEqual({ kind: 'too-short', digits: 5 });
    expect(checkUtr('1234567890123')).toEqual({ kind: 'too-long', digits: 13 });
    expect(checkUtr('1234567890')).toEqual({ kind: 'too-short', digits: 10 });
  });

  it('says when there are letters', () => {
    expect(checkUtr('41234567890A').kind).toBe('not-digits');
  });

  it('treats blank input as empty', () => {
    expect(checkUtr('   ').kind).toBe('empty');
  });
});
