/**
 * What the merchant portal's API answers: the session, the merchant's users. Written with
 * `zod/mini`, as console-views.ts, for the service's document and the portal page alike.
 */
import * as z from 'zod/mini';

export const PortalSignedInSchema = z.object({
  signed_in: z.literal(true),
  user_id: z.string(),
  email: z.string(),
  merchant_uid: z.string(),
  merchant_name: z.string(),
  expires_at: z.string(),
  csrf_token: z.string(),
  csrf_header: z.string(),
});
export type PortalSignedIn = z.infer<typeof PortalSignedInSchema>;

export const PortalSessionSchema = z.union([PortalSignedInSchema, z.object({ signed_in: z.literal(false) })]);
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
