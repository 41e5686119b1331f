/**
 * The address the checkout page returns the payer to (docs/merchant-api.md, Return to the shop):
 * the order's `redirect_url` with `merchant_order_id`, `payment_uid`, `payment_status` and
 * `signature` added, the merchant's own query parameters kept. `signature` is HMAC-SHA256, in
 * lower-case hex, with the API secret of the key that created the order, over
 * `merchant_order_id=…&payment_status=…&payment_uid=…` (names sorted, raw values): signed as a
 * callback is, so a shop verifies both the same way. Written by the service for each status; the
 * secret never reaches the browser.
 */
import type { PaymentStatus } from '../../shared/order-status.js';
import { signFields } from '../../shared/signature.js';

export interface ReturnFields {
  readonly merchant_order_id: string;
  readonly payment_uid: string;
  readonly payment_status: PaymentStatus;
}

/** The names the service writes; the same names in the merchant's URL give way to them. */
const RETURN_PARAMS: ReadonlySet<string> = new Set([
  'merchant_order_id',
  'payment_uid',
  'payment_status',
  'signature',
]);

export function signedReturnUrl(redirectUrl: string, fields: ReturnFields, secret: string): string {
  const url = new URL(redirectUrl);
  // The merchant's pairs stay byte for byte (no re-encoding), but for names the service writes.
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !RETURN_PARAMS.has(paramName(pair)));
  const values = {
    merchant_order_id: fields.merchant_order_id,
    payment_uid: fields.payment_uid,
    payment_status: fields.payment_status,
  };
  const signed = { ...values, signature: signFields(secret, values) };
  const added = Object.entries(signed).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  url.search = [...kept, ...added].join('&');
  return url.href;
}

function paramName(pair: string): string {
  const name = (pair.split('=', 1)[0] ?? '').replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
