import { describe, expect, it } from 'vitest';
import { signFields, verifySignature } from '../../src/shared/signature.js';
import { canonicalString, canonicalStrings } from '../../src/shared/signing.js';

// Vectors computed independently with: printf '%s' "<string>" | openssl dgst -sha256 -hmac 'test-secret-1'
const SECRET = 'test-secret-1';
const BODY = {
  transaction_type: 'income',
  merchant_uid: 'M1',
  amount: '100.00',
  merchant_order_id: 'ORD-1001',
  currency: 'inr',
  from: '',
};
const KEEP_EMPTY = '2a0c1104b2ade13c6ca9c7d05473d3e31e06d24fc069c41a7d5f49eed54ec35e';
const SKIP_EMPTY = '64bff4d1d77f576b1c49e1d735357b5232c1ca31aa5c35f8f4a46309bf5d5126';

describe('the canonical string', () => {
  it('sorts fields by name and joins name=value pairs with &', () => {
    expect(canonicalString(BODY, { skipEmpty: false })).toBe(
      'amount=100.00&currency=inr&from=&merchant_order_id=ORD-1001&merchant_uid=M1&transaction_type=income',
    );
  });

  it('drops empty values in the skip-empty convention', () => {
    expect(canonicalString(BODY, { skipEmpty: true })).toBe(
      'amount=100.00&currency=inr&merchant_order_id=ORD-1001&merchant_uid=M1&transaction_type=income',
    );
  });

  it('writes both conventions in one pass, the same string when no field is empty', () => {
    expect(canonicalStrings(BODY)).toEqual({
      everyField: canonicalString(BODY, { skipEmpty: false }),
      nonEmpty: canonicalString(BODY, { skipEmpty: true }),
    });
    const { from: _empty, ...full } = BODY;
    expect(canonicalStrings(full)).toEqual({
      everyField:
        'amount=100.00&currency=inr&merchant_order_id=ORD-1001&merchant_uid=M1&transaction_type=income',
      nonEmpty:
        'amount=100.00&currency=inr&merchant_order_id=ORD-1001&merchant_uid=M1&transaction_type=income',
    });
    expect(canonicalStrings({})).toEqual({ everyField: '', nonEmpty: '' });
  });

  it('writes numbers and booleans by their string form, with no URL encoding', () => {
    expect(canonicalString({ note: 'नमस्ते', is_test: true, amount: 20 }, { skipEmpty: false })).toBe(
      'amount=20&is_test=true&note=नमस्ते',
    );
  });
});

describe('OC-Signature', () => {
  it('matches openssl for the query string', () => {
    expect(signFields(SECRET, { merchant_order_id: 'ORD-1001' })).toBe(
      'fca39c975a6a91868080bdf476673fdaa4b5ff1be8cf36e319eac0d2426dd48e',
    );
  });

  it('matches openssl for UTF-8 values, numbers and booleans', () => {
    expect(signFields(SECRET, { note: 'नमस्ते', is_test: true, amount: 20 })).toBe(
      '616ca82d39ee8dc2b423cfa76fcdcf0f53bb8db57e0004f2949f8fabc867398d',
    );
  });

  it('verifies a signature made with empty values kept', () => {
    expect(verifySignature(SECRET, BODY, KEEP_EMPTY)).toBe(true);
  });

  it('verifies a signature made with empty values dropped', () => {
    expect(verifySignature(SECRET, BODY, SKIP_EMPTY)).toBe(true);
  });

  it('accepts upper-case hex and surrounding space', () => {
    expect(verifySignature(SECRET, BODY, ` ${SKIP_EMPTY.toUpperCase()} `)).toBe(true);
  });

  it('refuses another secret, a changed field, an added field and a truncated signature', () => {
    expect(verifySignature('other', BODY, KEEP_EMPTY)).toBe(false);
    expect(verifySignature(SECRET, { ...BODY, amount: '100.01' }, KEEP_EMPTY)).toBe(false);
    expect(verifySignature(SECRET, { ...BODY, extra: 'x' }, KEEP_EMPTY)).toBe(false);
    expect(verifySignature(SECRET, BODY, KEEP_EMPTY.slice(0, 63))).toBe(false);
    expect(verifySignature(SECRET, BODY, '')).toBe(false);
  });
});
