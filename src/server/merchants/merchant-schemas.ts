/** Request bodies of the merchant routes, validated with zod and described in OpenAPI. */
import { z } from 'zod';
import { CALLBACK_STATUSES } from '../../shared/callback-statuses.js';
import { isHttpOrigin } from '../../shared/http-url.js';
import { PAYOUT_CHANNEL_NAMES } from '../../shared/payout-channel-names.js';
import { isSupportContact } from '../../shared/support-contact.js';
import { noteField } from '../audit/audit-log.js';
import { oneLine } from '../http/one-line.js';
import { amountField } from '../http/request-fields.js';

const origin = z.string().refine(isHttpOrigin, 'must be an origin like https://shop.example');

/**
 * `mc` and `purpose` for the UPI URI (NPCI linking specification) and the support contact payers
 * see. An empty string means "none" (and clears the field on update).
 */
const profileFields = {
  upi_mc: z
    .string()
    .regex(/^(\d{4})?$/, 'must be a 4-digit merchant category code like 5411')
    .optional(),
  upi_purpose: z
    .string()
    .regex(/^(\d{2})?$/, 'must be a 2-digit UPI purpose code like 00')
    .optional(),
  support_contact: z
    .string()
    .trim()
    .max(200)
    .refine(isSupportContact, 'must be an e-mail address, a phone number or an https:// URL')
    .optional(),
};

export const CreateMerchantSchema = z
  .object({
    ...profileFields,
    name: oneLine().trim().min(1).max(100),
    upi_vpa: z
      .string()
      .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z0-9]{2,64}$/, 'must be a UPI address like shop@bank')
      .optional(),
    upi_payee_name: oneLine().trim().min(1).max(100).optional(),
    imps_account: z
      .string()
      .regex(/^\d{9,18}$/, 'must be 9-18 digits')
      .optional(),
    imps_account_name: oneLine().trim().min(1).max(100).optional(),
    imps_ifsc: z
      .string()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC code')
      .optional(),
    imps_bank_name: oneLine().trim().min(1).max(100).optional(),
    upi_min: amountField.optional(),
    upi_max: amountField.optional(),
    imps_min: amountField.optional(),
    imps_max: amountField.optional(),
    embed_origins: z.array(origin).max(20).optional(),
    brand_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #0a7d5a')
      .optional(),
    /** Which status changes are called back: `all` (default) or `final` (docs/merchant-api.md, Callbacks). */
    callback_statuses: z.enum(CALLBACK_STATUSES).optional(),
    /** How the merchant's payouts leave (docs/payouts.md); absent: the mode's default. */
    payout_channel: z.enum(PAYOUT_CHANNEL_NAMES).optional(),
    /** The operator's note for the audit log; not a setting. */
    note: noteField,
  })
  .meta({ id: 'CreateMerchant' });

export const BlacklistSchema = z
  .object({ from_name: oneLine().trim().min(1).max(128), note: noteField })
  .meta({ id: 'BlacklistEntry' });
