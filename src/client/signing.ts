/**
 * Signing and verifying as docs/merchant-api.md, Signing, says: HMAC-SHA256 with the API secret,
 * in lower-case hex, over every field sorted by name and written `name=value` (raw values, no
 * encoding), joined with `&`. Empty values may be written `name=` or left out: a signature over
 * either is accepted. Comparisons are constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedFields = Readonly<Record<string, string | number | boolean>>;

/** The signed string; `skipEmpty` leaves out fields whose value is the empty string. */
export function signedString(fields: SignedFields, skipEmpty = false): string {
  return Object.keys(fields)
    .sort()
    .filter((name) => !(skipEmpty && String(fields[name]) === ''))
    .map((name) => `${name}=${String(fields[name])}`)
    .join('&');
}

export function sign(secret: string, fields: SignedFields, skipEmpty = false): string {
  return createHmac('sha256', secret).update(signedString(fields, skipEmpty), 'utf8').digest('hex');
}

/** Whether `signature` (any case, spaces around ignored) signs `fields` under either convention. */
export function verifySignature(
  secret: string,
  fields: SignedFields,
  signature: string | null | undefined,
): boolean {
  const given = Buffer.from(
    String(signature ?? '')
      .trim()
      .toLowerCase(),
    'utf8',
  );
  let matched = false;
  for (const skipEmpty of [false, true]) {
    const expected = Buffer.from(sign(secret, fields, skipEmpty), 'utf8');
    // Both conventions are always computed and compared, matched or not.
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}

/**
 * Verifies a callback: `body` as received (the raw JSON text, or its parsed object of strings) and
 * the `OC-Signature` header. Check `OC-Key` too: it names the key whose secret signed it.
 */
export function verifyCallback(
  secret: string,
  body: string | SignedFields,
  signature: string | null | undefined,
): boolean {
  let fields: unknown = body;
  if (typeof body === 'string') {
    try {
      fields = JSON.parse(body);
    } catch {
      return false;
    }
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return false;
  const values = Object.values(fields);
  if (!values.every((value) => ['string', 'number', 'boolean'].includes(typeof value))) return false;
  return verifySignature(secret, fields as SignedFields, signature);
}

/** The query parameters the service adds to redirect_url when it sends the payer back. */
const RETURN_FIELDS = ['merchant_order_id', 'payment_status', 'payment_uid'] as const;

/**
 * Verifies the signed return to redirect_url (the URL the payer arrived at, or its query): its
 * `signature` must sign `merchant_order_id`, `payment_status` and `payment_uid`. A verified
 * return says which order the payer comes back from; take the outcome from a callback or a query.
 */
export function verifyReturn(secret: string, url: string | URL | URLSearchParams): boolean {
  const query =
    url instanceof URLSearchParams
      ? url
      : new URL(url instanceof URL ? url.href : url, 'http://shop.invalid').searchParams;
  const fields: Record<string, string> = {};
  for (const name of RETURN_FIELDS) {
    const value = query.get(name);
    if (value === null) return false;
    fields[name] = value;
  }
  return verifySignature(secret, fields, query.get('signature'));
}
