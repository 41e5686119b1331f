/**
 * Why an order did not succeed, as the payer's page is told: a stable code plus parameters, so
 * the page says it in the payer's language (never the merchant-facing English text).
 * - `amount_mismatch`: the bank credit's amount differs (`expected`, `received`, two-decimal rupees);
 * - `no_payment`: a claimed UTR had no matching credit within the grace period (CLAIM_GRACE_SECONDS);
 * - `refunded`: the operator returned the money to the payer;
 * - `operator_failed` / `operator_rejected`: the operator closed the order;
 * - `payment_failed` / `payout_failed`: any other failure of a collection / payout.
 * Pages must render an unknown code as a general failure (new codes may be added).
 */
export const PAYER_REASON_CODES = [
  'amount_mismatch',
  'no_payment',
  'refunded',
  'operator_failed',
  'operator_rejected',
  'payment_failed',
  'payout_failed',
] as const;
export type PayerReasonCode = (typeof PAYER_REASON_CODES)[number];
