/**
 * What the operator API answers for the console's lists and screens: the Today figures, a page of
 * the order search, an order's timeline, a merchant and its ledger lines. The service's answers are
 * typed by these schemas, and the console parses every answer with them, so the two cannot drift.
 * Written with `zod/mini`, as payer-order.ts, so the console reads answers without full zod's weight.
 * Objects strip keys they do not name: an answer may carry more than the console reads.
 */

import * as z from 'zod/mini';
import { AttentionCountsSchema } from './attention-views.js';
import { CALLBACK_STATUSES } from './callback-statuses.js';
import { TRANSACTION_TYPES } from './order-status.js';
import { PAYOUT_CHANNEL_NAMES } from './payout-channel-names.js';
import { deliveryFields, merchantFields, recordTimeFields } from './view-fields.js';

export const TodaySummarySchema = z.object({
  /** Midnight in India of the day the figures cover, ISO 8601. */
  since: z.string(),
  orders: z.array(z.object({ kind: z.string(), status: z.string(), count: z.number(), amount: z.string() })),
  /** `frozen`: credits a bank statement line contradicted, their money held back (all days). */
  credits: z.object({ received: z.number(), matched: z.number(), waiting: z.number(), frozen: z.number() }),
  failing_callbacks: z.array(z.object({ ...merchantFields, count: z.number() })),
  /** How many cases of each kind wait in the Needs attention queue. */
  attention: AttentionCountsSchema,
  /**
   * Whether manual money actions wait for a second operator (DUAL_CONTROL), the mode, and the
   * proposals waiting (the service always says; optional for the console's older samples).
   */
  dual_control: z.optional(z.enum(['on', 'off'])),
  mode: z.optional(z.enum(['sandbox', 'production'])),
  awaiting_approval: z.optional(z.number()),
});
export type TodaySummary = z.infer<typeof TodaySummarySchema>;

/** A row of the order search (GET /operator/api/order-search). */
export const OrderListRowSchema = z.object({
  payment_uid: z.string(),
  ...merchantFields,
  merchant_order_id: z.string(),
  kind: z.enum(TRANSACTION_TYPES),
  payterm: z.string(),
  amount: z.string(),
  final_amount: z.string(),
  status: z.string(),
  payer_name: z.string(),
  payee_name: z.string(),
  utr: z.nullable(z.string()),
  notify_status: z.string(),
  created_at: z.string(),
  /** The UTRs payers claimed for the order, oldest first. */
  claimed_utrs: z.array(z.string()),
  /** The payer's name on the order's bank credit ('' when none says one), for an order created without it. */
  credit_payer_name: z.string(),
});
export type OrderListRow = z.infer<typeof OrderListRowSchema>;

/** A page of an order list: its rows, and the cursor of the next (older) page or null on the last page. */
export function orderPageOf<Row extends z.ZodMiniType>(row: Row) {
  return z.object({ orders: z.array(row), next_cursor: z.nullable(z.string()) });
}

export const OrderPageSchema = orderPageOf(OrderListRowSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** A timeline's entry: its kind and when, then what it says. */
function entryOf<const K extends string, F extends Record<string, z.ZodMiniType>>(kind: K, fields: F) {
  return z.object({ kind: z.literal(kind), at: z.string(), ...fields });
}

/** A timeline's callback entry: the outbox row of one status change (the portal's story shares it). */
export const CallbackEntrySchema = entryOf('callback', {
  outbox_id: z.number(),
  payment_status: z.string(),
  state: z.string(),
  attempts: z.number(),
  last_error: z.string(),
});

/** A timeline's delivery attempt of a callback (the portal's story shares it). */
export const AttemptEntrySchema = entryOf('attempt', {
  outbox_id: z.number(),
  attempt: z.number(),
  payment_status: z.string(),
  ...deliveryFields,
});

/** A timeline's first entry: the order's creation, with the client that created it. */
export const CreatedEntrySchema = entryOf('created', {
  amount: z.string(),
  payterm: z.string(),
  client_ip: z.string(),
  user_agent: z.string(),
});

/** A timeline's status change: its place in the order's sequence, its cause and details. */
export const StatusEntrySchema = entryOf('status', {
  seq: z.number(),
  from: z.nullable(z.string()),
  to: z.string(),
  cause: z.string(),
  detail: z.string(),
});

/** A timeline's UTR claim by the payer. */
export const ClaimEntrySchema = entryOf('claim', {
  utr: z.string(),
  client_ip: z.string(),
});

/** A timeline's bank credit of the order's UTR, whether or not it settled the order. */
export const CreditEntrySchema = entryOf('credit', {
  utr: z.string(),
  amount: z.string(),
  payer_name: z.string(),
  source: z.string(),
  matched: z.boolean(),
});

/** A timeline's ledger posting and its entries, every account's. */
export const LedgerEntrySchema = entryOf('ledger', {
  event: z.string(),
  entries: z.array(z.object({ account: z.string(), amount: z.string() })),
});

/** One line of an order's story (GET /operator/api/orders/{uid}/timeline), in time order. */
export const TimelineEntrySchema = z.discriminatedUnion('kind', [
  CreatedEntrySchema,
  StatusEntrySchema,
  ClaimEntrySchema,
  CreditEntrySchema,
  LedgerEntrySchema,
  CallbackEntrySchema,
  AttemptEntrySchema,
]);
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;
export const TimelineSchema = z.array(TimelineEntrySchema);

/** A merchant as the operator API shows it: limits as two-decimal rupee strings, times ISO 8601. */
/** A merchant's defaults for its orders (the operator's merchant view and the portal's settings). */
export const orderDefaultsFields = {
  /** Where an order that names no notify_url is called back ('' for none). */
  default_notify_url: z.string(),
  /** The origins an order's redirect_url must be on; empty: any. */
  redirect_origins: z.array(z.string()),
};

export const MerchantViewSchema = z.object({
  uid: z.string(),
  name: z.string(),
  status: z.enum(['active', 'disabled']),
  upi_vpa: z.string(),
  upi_payee_name: z.string(),
  imps_account: z.string(),
  imps_account_name: z.string(),
  imps_ifsc: z.string(),
  imps_bank_name: z.string(),
  upi_min: z.string(),
  upi_max: z.string(),
  imps_min: z.string(),
  imps_max: z.string(),
  embed_origins: z.array(z.string()),
  brand_color: z.nullable(z.string()),
  /** UPI merchant category code (4 digits), or ''. */
  upi_mc: z.string(),
  /** UPI purpose code (2 digits), or ''. */
  upi_purpose: z.string(),
  /** Where payers reach the shop's support (e-mail, phone or https URL), or ''. */
  support_contact: z.string(),
  /** Which status changes are called back: `all` or `final` (shared/callback-statuses.ts). */
  callback_statuses: z.enum(CALLBACK_STATUSES),
  /** How the merchant's payouts leave (docs/payouts.md); null: the mode's default. */
  payout_channel: z.nullable(z.enum(PAYOUT_CHANNEL_NAMES)),
  ...orderDefaultsFields,
  ...recordTimeFields,
});
export type MerchantView = z.infer<typeof MerchantViewSchema>;
export const MerchantListSchema = z.array(MerchantViewSchema);

/** A key or a credit source: active until revoked, and when. */
export const revocableFields = {
  status: z.enum(['active', 'revoked']),
  created_at: z.string(),
  revoked_at: z.nullable(z.string()),
};

export const ApiKeyViewSchema = z.object({ key: z.string(), merchant_uid: z.string(), ...revocableFields });
export type ApiKeyView = z.infer<typeof ApiKeyViewSchema>;

/** GET /operator/api/merchants/{uid}: the merchant, its keys and its balance in rupees. */
export const MerchantDetailSchema = z.extend(MerchantViewSchema, {
  keys: z.array(ApiKeyViewSchema),
  balance: z.object({
    inr: z.string(),
    inr_held: z.string(),
    inr_pending: z.string(),
    inr_frozen: z.string(),
  }),
});
export type MerchantDetail = z.infer<typeof MerchantDetailSchema>;

/**
 * A merchant's accounts in the ledger: `available`, what payouts may spend; `held`, held for payouts
 * under way; `pending`, completed collections whose credits are known only from a bank's text, not
 * yet confirmed; `frozen`, collections whose credits a statement contradicted, until an operator
 * decides.
 */
export const MERCHANT_ACCOUNTS = ['available', 'held', 'pending', 'frozen'] as const;

/** A ledger entry of the merchant's accounts (GET /operator/api/merchants/{uid}/ledger). */
export const LedgerLineSchema = z.object({
  id: z.number(),
  account: z.enum(MERCHANT_ACCOUNTS),
  amount: z.string(),
  payment_uid: z.string(),
  event: z.string(),
  created_at: z.string(),
});
export type LedgerLine = z.infer<typeof LedgerLineSchema>;
export const LedgerLinesSchema = z.array(LedgerLineSchema);
