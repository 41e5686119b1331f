/**
 * A merchant's settings after creation: display settings, limits, frame origins, collection
 * accounts and the payer-facing profile (UPI mc/purpose, support contact) in one validated partial
 * update (PATCH /operator/api/merchants/{uid}).
 */
import { parseAmount } from '../../shared/money.js';
import { invalidField } from '../errors.js';
import type { Merchant } from '../merchants/merchant.js';
import { updateMerchantColumns } from '../merchants/merchant-store.js';
import type { Queryable, SqlParam } from '../store/db.js';
import { CreateMerchantSchema } from './operator-schemas.js';

export const UpdateMerchantSchema = CreateMerchantSchema.partial()
  .extend({
    brand_color: CreateMerchantSchema.shape.brand_color.unwrap().nullable().optional(),
    /** null: back to the mode's default (none in production). */
    payout_channel: CreateMerchantSchema.shape.payout_channel.unwrap().nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateMerchant' });
export type UpdateMerchant = ReturnType<typeof UpdateMerchantSchema.parse>;

const AMOUNTS = ['upi_min', 'upi_max', 'imps_min', 'imps_max'] as const;

/** Applies the given fields; limits must keep min <= max. Answers the updated merchant or undefined. */
export async function updateMerchant(
  tx: Queryable,
  current: Merchant,
  input: UpdateMerchant,
  now: Date,
): Promise<Merchant | undefined> {
  const columns: Record<string, SqlParam> = {};
  const limits: Record<(typeof AMOUNTS)[number], number> = {
    upi_min: current.upi_min,
    upi_max: current.upi_max,
    imps_min: current.imps_min,
    imps_max: current.imps_max,
  };
  for (const [column, value] of Object.entries(input)) {
    if (value === undefined || column === 'note') continue;
    if ((AMOUNTS as readonly string[]).includes(column)) {
      const paise = parseAmount(String(value));
      if (paise === undefined) throw invalidField(column, 'must be greater than 0');
      limits[column as (typeof AMOUNTS)[number]] = paise;
      columns[column] = paise;
    } else {
      columns[column] = value as SqlParam;
    }
  }
  if (limits.upi_min > limits.upi_max) throw invalidField('upi_min', 'must not be above upi_max');
  if (limits.imps_min > limits.imps_max) throw invalidField('imps_min', 'must not be above imps_max');
  if (Object.keys(columns).length === 0) return current;
  return updateMerchantColumns(tx, current.uid, columns, now);
}
