/**
 * OC-Signature: HMAC-SHA256 over the canonical string, lower-case hex. Verification compares,
 * in constant time, against both empty-value conventions merchants use
 * (docs/decisions/0002-open-points.md, Signing: both empty-value conventions). Node only
 * (node:crypto): the service signs callbacks and returns and checks merchants' requests with it;
 * the canonical string beside it (signing.ts) is shared with the browser.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CanonicalStrings, canonicalString, canonicalStrings, type SignedFields } from './signing.js';

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

export function signFields(secret: string, fields: SignedFields): string {
  return hmacHex(secret, canonicalString(fields, { skipEmpty: true }));
}

export function verifySignature(secret: string, fields: SignedFields, signature: string): boolean {
  return verifyCanonical(secret, canonicalStrings(fields), signature);
}

/** `verifySignature` over canonical strings already written (the caller keeps them). */
export function verifyCanonical(secret: string, canonical: CanonicalStrings, signature: string): boolean {
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  const { everyField, nonEmpty } = canonical;
  // Without an empty field both conventions sign the same string: one HMAC serves both.
  const candidates =
    everyField === nonEmpty
      ? [hmacHex(secret, everyField)]
      : [hmacHex(secret, everyField), hmacHex(secret, nonEmpty)];
  // Every candidate is compared every time, so timing does not tell which one matched.
  let matched = false;
  for (const candidate of candidates) {
    const expected = Buffer.from(candidate, 'utf8');
    const same = expected.length === given.length && timingSafeEqual(expected, given);
    matched = matched || same;
  }
  return matched;
}
