import { z } from 'zod';
import type { CallbackStatuses } from '../../shared/callback-statuses.js';
import { MerchantViewSchema } from '../../shared/console-views.js';
import type { PayoutChannelName } from '../../shared/payout-channel-names.js';

/** A merchant as stored: display data, collection accounts, limits (paise) and embedding. */
export interface Merchant {
  readonly uid: string;
  readonly name: string;
  readonly status: 'active' | 'disabled';
  readonly upi_vpa: string;
  readonly upi_payee_name: string;
  readonly imps_account: string;
  readonly imps_account_name: string;
  readonly imps_ifsc: string;
  readonly imps_bank_name: string;
  readonly upi_min: number;
  readonly upi_max: number;
  readonly imps_min: number;
  readonly imps_max: number;
  readonly embed_origins: readonly string[];
  readonly brand_color: string | null;
  /** UPI merchant category code (4 digits) for `mc` in the UPI URI, or ''. */
  readonly upi_mc: string;
  /** UPI purpose code (2 digits) for `purpose` in the UPI URI, or ''. */
  readonly upi_purpose: string;
  /** Where payers reach the shop's support (e-mail, phone or https URL), or ''. */
  readonly support_contact: string;
  /** Which status changes are called back: every one, or only the final ones (shared/callback-statuses.ts). */
  readonly callback_statuses: CallbackStatuses;
  /** How this merchant's payouts leave: null for the mode's default (docs/payouts.md). */
  readonly payout_channel: PayoutChannelName | null;
  /** Where an order that names no notify_url is called back, or ''. */
  readonly default_notify_url: string;
  /** The origins an order's redirect_url must be on; empty: any. */
  readonly redirect_origins: readonly string[];
  readonly created_at: Date;
  readonly updated_at: Date;
}

export interface ApiKeyRecord {
  readonly key: string;
  readonly merchant_uid: string;
  readonly status: 'active' | 'revoked';
  readonly created_at: Date;
  readonly revoked_at: Date | null;
}

/**
 * A merchants row as the store returns it, checked at the boundary (store/rows.ts): the operator
 * API's view of a merchant (shared/console-views.ts) with its limits in paise and its times as dates.
 */
export const MerchantRow = z.looseObject({
  ...MerchantViewSchema.shape,
  upi_min: z.number().int(),
  upi_max: z.number().int(),
  imps_min: z.number().int(),
  imps_max: z.number().int(),
  created_at: z.date(),
  updated_at: z.date(),
}) satisfies z.ZodType<Merchant>;

export const ApiKeyRow = z.looseObject({
  key: z.string(),
  merchant_uid: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: z.date(),
  revoked_at: z.date().nullable(),
}) satisfies z.ZodType<ApiKeyRecord>;

/** Limits in paise for a payment instrument. */
export function limitsFor(merchant: Merchant, payterm: 'UPI' | 'IMPS'): { min: number; max: number } {
  return payterm === 'UPI'
    ? { min: merchant.upi_min, max: merchant.upi_max }
    : { min: merchant.imps_min, max: merchant.imps_max };
}
