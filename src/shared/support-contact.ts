/**
 * A merchant's support contact as payers see it: an e-mail address, a phone number or an https
 * URL. The operator API accepts only these; the checkout page turns each into the matching link.
 */
export type SupportContact =
  | { readonly kind: 'email'; readonly text: string; readonly href: string }
  | { readonly kind: 'phone'; readonly text: string; readonly href: string }
  | { readonly kind: 'url'; readonly text: string; readonly href: string };

const EMAIL = /^[^\s@<>()]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const PHONE = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

export function parseSupportContact(text: string): SupportContact | undefined {
  const value = text.trim();
  if (EMAIL.test(value)) return { kind: 'email', text: value, href: `mailto:${value}` };
  if (PHONE.test(value)) return { kind: 'phone', text: value, href: `tel:${value.replace(/[ -]/g, '')}` };
  if (/^https:\/\/\S+$/.test(value)) {
    try {
      const url = new URL(value);
      return { kind: 'url', text: value, href: url.href };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Accepted by the operator API: empty (none) or one of the kinds above. */
export function isSupportContact(text: string): boolean {
  return text.trim() === '' || parseSupportContact(text) !== undefined;
}
