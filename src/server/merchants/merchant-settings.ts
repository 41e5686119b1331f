/**
 * A merchant's settings after creation: display settings, limits, frame origins, collection
 * accounts and the payer-facing profile (UPI mc/purpose, support contact) in one validated partial
 * update (PATCH /operator/api/merchants/{uid}), applied by merchants/merchant-changes.ts.
 */
import { CreateMerchantSchema } from './merchant-schemas.js';

export const UpdateMerchantSchema = CreateMerchantSchema.partial()
  .extend({
    brand_color: CreateMerchantSchema.shape.brand_color.unwrap().nullable().optional(),
    /** null: back to the mode's default (none in production). */
    payout_channel: CreateMerchantSchema.shape.payout_channel.unwrap().nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateMerchant' });
export type UpdateMerchant = ReturnType<typeof UpdateMerchantSchema.parse>;
