/**
 * What the operator API answers when a merchant, its keys or its blacklist change: a new
 * merchant with its first key, another key (its secret is shown this once), a revoked key, and
 * the blacklist's entries. A merchant itself is `MerchantViewSchema` (console-views.ts). Written
 * with `zod/mini`, as console-views.ts, for the service's document and the console alike.
 */
import * as z from 'zod/mini';
import { MerchantViewSchema } from './console-views.js';

export const IssuedKeySchema = z.object({
  merchant_uid: z.string(),
  api_key: z.string(),
  api_secret: z.string().check(z.describe('Shown this once; the service keeps it sealed')),
});
export type IssuedKey = z.infer<typeof IssuedKeySchema>;

export const CreatedMerchantSchema = z.extend(IssuedKeySchema, { merchant: MerchantViewSchema });
export type CreatedMerchant = z.infer<typeof CreatedMerchantSchema>;

export const RevokedKeySchema = z.object({ api_key: z.string(), status: z.literal('revoked') });

/** A payer name (from_name) a merchant's orders refuse. */
export const BlacklistEntrySchema = z.object({ from_name: z.string(), created_at: z.string() });
export type BlacklistEntry = z.infer<typeof BlacklistEntrySchema>;
export const BlacklistSchema = z.array(BlacklistEntrySchema);

export const BlacklistedSchema = z.object({ merchant_uid: z.string(), from_name: z.string() });
export const UnlistedSchema = z.object({ removed: z.literal(true) });
