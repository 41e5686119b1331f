/**
 * A merchant's settings after creation: display settings, limits, frame origins, collection
 * accounts and the payer-facing profile (UPI mc/purpose, support contact) in one validated partial
 * update (PATCH /operator/api/merchants/{uid}), applied by merchants/merchant-changes.ts.
 */
import { z } from 'zod';
import { isHttpUrl } from '../../shared/http-url.js';
import { CreateMerchantSchema } from './merchant-schemas.js';

export const UpdateMerchantSchema = CreateMerchantSchema.partial()
  .extend({
    brand_color: CreateMerchantSchema.shape.brand_color.unwrap().nullable().optional(),
    /** null: back to the mode's default (none in production). */
    payout_channel: CreateMerchantSchema.shape.payout_channel.unwrap().nullable().optional(),
    /** Where an order that names no notify_url is called back; '' for none. */
    default_notify_url: z
      .string()
      .max(2048)
      .refine((value) => value === '' || isHttpUrl(value), 'must be an absolute http or https URL')
      .optional(),
    /** The origins an order's redirect_url must be on; empty: any. */
    redirect_origins: CreateMerchantSchema.shape.embed_origins,
  })
  .strict()
  .meta({ id: 'UpdateMerchant' });
export type UpdateMerchant = ReturnType<typeof UpdateMerchantSchema.parse>;
