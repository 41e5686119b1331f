import { UTR_LENGTH } from '../../shared/utr.js';

/**
 * What the payer typed in the UTR field, recognised. Besides "valid", each kind names a common
 * mistake so the page can explain it in plain words (docs/checkout.md, UTR capture).
 */
export type UtrCheck =
  | { readonly kind: 'empty' }
  | { readonly kind: 'valid'; readonly utr: string }
  | { readonly kind: 'phonepe-id' }
  | { readonly kind: 'gpay-id' }
  | { readonly kind: 'phone-number' }
  | { readonly kind: 'not-digits' }
  | { readonly kind: 'too-short'; readonly digits: number }
  | { readonly kind: 'too-long'; readonly digits: number };

/** Removes spaces and dashes a payer may paste with the number. */
export function cleanUtrInput(text: string): string {
  return text.replace(/[\s-]+/g, '');
}

export function checkUtr(text: string): UtrCheck {
  const value = cleanUtrInput(text);
  if (value === '') return { kind: 'empty' };
  // PhonePe's own "Transaction ID": T followed by ~20 digits, e.g. T2405011234567890123456.
  if (/^T\d{6,}$/i.test(value)) return { kind: 'phonepe-id' };
  // Google Pay's own transaction ID is a base64 text that starts with "CICAg".
  if (/^CICAg/i.test(value)) return { kind: 'gpay-id' };
  // An Indian mobile number: 10 digits starting 6-9, maybe with +91 or 0 in front. (A bare
  // 12-digit "91..." is left alone: it can be a real UTR.)
  if (/^(?:\+91|0)?[6-9]\d{9}$/.test(value)) return { kind: 'phone-number' };
  if (!/^\d+$/.test(value)) return { kind: 'not-digits' };
  if (value.length < UTR_LENGTH) return { kind: 'too-short', digits: value.length };
  if (value.length > UTR_LENGTH) return { kind: 'too-long', digits: value.length };
  return { kind: 'valid', utr: value };
}
