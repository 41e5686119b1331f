/**
 * What the merchant portal's API answers: the session, the merchant's users. Written with
 * `zod/mini`, as console-views.ts, for the service's document and the portal page alike.
 */
import * as z from 'zod/mini';
import {
  AttemptEntrySchema,
  CallbackEntrySchema,
  ClaimEntrySchema,
  CreatedEntrySchema,
  CreditEntrySchema,
  LedgerEntrySchema,
  LedgerLinesSchema,
  MERCHANT_ACCOUNTS,
  OrderListRowSchema,
  orderDefaultsFields,
  orderPageOf,
  revocableFields,
  StatusEntrySchema,
} from './console-views.js';
import { sessionOf, signedInOf } from './session-view.js';
import { deliveryFields, fieldPer, merchantFields } from './view-fields.js';

export const PortalSignedInSchema = signedInOf({
  user_id: z.string(),
  email: z.string(),
  ...merchantFields,
});
export type PortalSignedIn = z.infer<typeof PortalSignedInSchema>;

export const PortalSessionSchema = sessionOf(PortalSignedInSchema);
export type PortalSession = z.infer<typeof PortalSessionSchema>;

export const MerchantUserSchema = z.object({
  user_id: z.string(),
  merchant_uid: z.string(),
  email: z.string(),
  status: z.enum(['invited', 'active']),
  invited_by: z.string(),
  created_at: z.string(),
});
export type MerchantUserView = z.infer<typeof MerchantUserSchema>;

export const MerchantUsersSchema = z.array(MerchantUserSchema);

export const InvitedUserSchema = z.extend(MerchantUserSchema, {
  invite_url: z.string(),
  invite_expires_at: z.string(),
});
export type InvitedUser = z.infer<typeof InvitedUserSchema>;

/**
 * An order's story as its merchant sees it: the operator's timeline without what is the
 * operators' own (client addresses, credit sources, unmatched credits, notes on status changes,
 * the bank's side of ledger postings).
 */
export const PortalStoryEntrySchema = z.discriminatedUnion('kind', [
  z.omit(CreatedEntrySchema, { client_ip: true, user_agent: true }),
  z.omit(StatusEntrySchema, { detail: true }),
  z.omit(ClaimEntrySchema, { client_ip: true }),
  z.omit(CreditEntrySchema, { source: true, matched: true }),
  z.extend(LedgerEntrySchema, {
    entries: z.array(z.object({ account: z.enum(MERCHANT_ACCOUNTS), amount: z.string() })),
  }),
  CallbackEntrySchema,
  AttemptEntrySchema,
]);
export type PortalStoryEntry = z.infer<typeof PortalStoryEntrySchema>;

/** The order's row as the portal lists it: the console's search row without the merchant's name and uid. */
export const PortalOrderSchema = z.omit(OrderListRowSchema, {
  merchant_uid: true,
  merchant_name: true,
  claimed_utrs: true,
  credit_payer_name: true,
});
export type PortalOrder = z.infer<typeof PortalOrderSchema>;

export const PortalOrderPageSchema = orderPageOf(PortalOrderSchema);
export type PortalOrderPage = z.infer<typeof PortalOrderPageSchema>;

export const PortalOrderDetailSchema = z.object({
  order: z.extend(PortalOrderSchema, {
    notify_url: z.string(),
    redirect_url: z.string(),
    payment_fail_reason: z.string(),
    expires_at: z.string(),
  }),
  story: z.array(PortalStoryEntrySchema),
});
export type PortalOrderDetail = z.infer<typeof PortalOrderDetailSchema>;

/** The merchant's balance: rupees in each of its accounts (MERCHANT_ACCOUNTS), then its ledger lines. */
export const PortalBalanceSchema = z.object({
  ...fieldPer(MERCHANT_ACCOUNTS, z.string()),
  lines: LedgerLinesSchema,
});
export type PortalBalance = z.infer<typeof PortalBalanceSchema>;

export const PortalKeySchema = z.object({ api_key: z.string(), ...revocableFields });
export const PortalKeysSchema = z.array(PortalKeySchema);
export type PortalKey = z.infer<typeof PortalKeySchema>;

export const PortalSettingsSchema = z.object({
  name: z.string(),
  callback_statuses: z.enum(['all', 'final']),
  embed_origins: z.array(z.string()),
  support_contact: z.string(),
  brand_color: z.nullable(z.string()),
  ...orderDefaultsFields,
});
export type PortalSettings = z.infer<typeof PortalSettingsSchema>;

/** A test callback's outcome: where it went and what came back. */
export const TestCallbackSchema = z.object({
  notify_url: z.string(),
  acknowledged: z.boolean(),
  ...deliveryFields,
});
export type TestCallback = z.infer<typeof TestCallbackSchema>;

export const ResentCallbacksSchema = z.object({ resent: z.array(z.string()), skipped: z.number() });
export type ResentCallbacks = z.infer<typeof ResentCallbacksSchema>;
