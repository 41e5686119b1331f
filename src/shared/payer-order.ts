/**
 * The payer-facing view of an order: what `GET /checkout/api/orders/{payment_uid}` answers and
 * the checkout page reads. Only payer-safe fields: never notify_url, keys, IPs or user agents.
 * Written with `zod/mini` so the page can validate responses without full zod's weight.
 */
import * as z from 'zod/mini';
import { PAYMENT_STATUSES, PAYTERMS, TRANSACTION_TYPES } from './order-status.js';

export const UpiCollectionSchema = z.object({
  kind: z.literal('upi'),
  /** The merchant's UPI address (VPA). */
  vpa: z.string(),
  payee_name: z.string(),
});

export const ImpsCollectionSchema = z.object({
  kind: z.literal('imps'),
  account: z.string(),
  account_name: z.string(),
  ifsc: z.string(),
  bank_name: z.string(),
});

export const CollectionAccountSchema = z.discriminatedUnion('kind', [
  UpiCollectionSchema,
  ImpsCollectionSchema,
]);
export type CollectionAccount = z.infer<typeof CollectionAccountSchema>;

export const PayerMerchantSchema = z.object({
  name: z.string(),
  /** CSS colour (`#rrggbb`) for the page's accent, when the merchant configured one. */
  brand_color: z.nullable(z.string()),
  /** Where payers reach the shop (e-mail, phone or https URL; see support-contact.ts), or null. */
  support_contact: z.nullable(z.string()),
});

/** Why the order did not succeed: a code from payer-reason.ts and its parameters (strings). */
export const PayerFailReasonSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.string()),
});
export type PayerFailReason = z.infer<typeof PayerFailReasonSchema>;

/** What a payout's page shows its payee (docs/checkout.md, Payout pages); null for collections. */
export const PayerPayoutSchema = z.object({
  /** The payout's bank reference (UTR), once the payout channel reported it; else null. */
  bank_reference: z.nullable(z.string()),
  /** The destination account, masked: only its last characters show. */
  account: z.string(),
  /** When the payout was completed; null until it is. */
  completed_at: z.nullable(z.string()),
});
export type PayerPayout = z.infer<typeof PayerPayoutSchema>;

export const PayerOrderSchema = z.object({
  payment_uid: z.string(),
  /** The merchant's order reference, shown in full so payers can quote it. */
  merchant_order_id: z.string(),
  merchant: PayerMerchantSchema,
  transaction_type: z.enum(TRANSACTION_TYPES),
  payterm: z.enum(PAYTERMS),
  /** Two-decimal rupee strings, e.g. "1500.00". */
  amount: z.string(),
  final_amount: z.string(),
  currency: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** Why a rejected, failed or refunded order ended so, as a code the page translates; else null. */
  fail_reason: z.nullable(PayerFailReasonSchema),
  /**
   * The name the payer's UPI app shows for the payee: the collection account's registered name
   * (the order's `to_name`), which may differ from the merchant's display name; '' for payouts.
   */
  to_name: z.string(),
  /** ISO 8601 instants. `expires_at` is null for orders that do not expire (payouts). */
  created_at: z.string(),
  expires_at: z.nullable(z.string()),
  server_time: z.string(),
  /** When the order reached its current status. */
  status_changed_at: z.string(),
  /** The UPI payment URI to show as QR, exactly as the merchant API returns it; null for IMPS/payouts. */
  extra: z.nullable(z.string()),
  /** Where the payer sends the money; null for payouts. */
  collection: z.nullable(CollectionAccountSchema),
  /** The merchant's return address (http/https only), or null. */
  redirect_url: z.nullable(z.string()),
  /**
   * Where the page returns the payer: `redirect_url` with `merchant_order_id`, `payment_uid`,
   * `payment_status` and `signature` added (signed by the service per status; see
   * docs/merchant-api.md, Return to the shop), or null without a `redirect_url`.
   */
  return_url: z.nullable(z.string()),
  /** The last UTR the payer submitted for this order, or null. */
  utr: z.nullable(z.string()),
  /** How many more distinct UTRs may be submitted for this order. */
  utr_attempts_left: z.number(),
  /**
   * A collection checking a UTR (`processing`): until when the service waits for the bank's
   * credit before the order fails (its expiry plus the claim grace period); else null.
   */
  checking_until: z.nullable(z.string()),
  /** A payout's bank reference, masked account and completion time; null for collections. */
  payout: z.nullable(PayerPayoutSchema),
  /** Origins allowed to embed the page in an iframe; status messages go to these only. */
  embed_origins: z.array(z.string()),
  /** True when the service runs in sandbox mode: the page offers "simulate payment". */
  sandbox: z.boolean(),
});
export type PayerOrder = z.infer<typeof PayerOrderSchema>;

/** Successful answer of `POST /Payments/india_match`. */
export const MatchResultSchema = z.object({
  payment_uid: z.string(),
  serial_number: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  /**
   * Present (true) when another order claims the same UTR: the payment is checked by the payment
   * team before either order completes (the page keeps showing that it checks the payment).
   */
  under_review: z.optional(z.boolean()),
});
export type MatchResult = z.infer<typeof MatchResultSchema>;

/** Successful answer of the sandbox `POST /checkout/api/orders/{payment_uid}/simulate`. */
export const SimulationResultSchema = z.object({
  serial_number: z.string(),
  amount: z.string(),
});
export type SimulationResult = z.infer<typeof SimulationResultSchema>;

/** The error shape every endpoint answers with (`data` is an object on our side). */
export const ApiErrorSchema = z.object({
  result: z.literal('error'),
  data: z.object({
    error: z.string(),
    details: z.string(),
    request_id: z.optional(z.string()),
    /** `credit_mismatch`: the amount of the known bank credit the UTR belongs to (two decimals). */
    credit_amount: z.optional(z.string()),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export function successEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ result: z.literal('success'), data });
}
