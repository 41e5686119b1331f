/**
 * Applies an operator's changes to a merchant's settings (display, limits, frame origins, collection
 * accounts, payer-facing profile): limits are read as rupees and must keep min <= max; collection
 * accounts must be no other merchant's (collection-accounts.ts); the field names come from the
 * route's validated schema, never from input.
 */
import { parseAmount } from '../../shared/money.js';
import type { Config } from '../config.js';
import { invalidField } from '../errors.js';
import type { Queryable, SqlParam } from '../store/db.js';
import { refuseAccountsInUse } from './collection-accounts.js';
import type { Merchant } from './merchant.js';
import { updateMerchantColumns } from './merchant-store.js';
import { type PayoutAccount, payoutChannelFor } from './payout-channel-for.js';

const AMOUNTS = ['upi_min', 'upi_max', 'imps_min', 'imps_max'] as const;

/** A merchant's fields as an operator sends them (limits as rupee strings), and the note. */
export type MerchantChanges = Readonly<Record<string, SqlParam | undefined>>;

/** Applies the given fields; limits must keep min <= max. Answers the updated merchant or undefined. */
export async function applyMerchantChanges(
  tx: Queryable,
  current: Merchant,
  input: MerchantChanges,
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
      columns[column] = value;
    }
  }
  if (limits.upi_min > limits.upi_max) throw invalidField('upi_min', 'must not be above upi_max');
  if (limits.imps_min > limits.imps_max) throw invalidField('imps_min', 'must not be above imps_max');
  if (Object.keys(columns).length === 0) return current;
  if (['upi_vpa', 'imps_account', 'imps_ifsc'].some((column) => column in columns)) {
    const text = (column: string, was: string) => (column in columns ? String(columns[column] ?? '') : was);
    await refuseAccountsInUse(
      tx,
      {
        upiVpa: text('upi_vpa', current.upi_vpa),
        impsAccount: text('imps_account', current.imps_account),
        impsIfsc: text('imps_ifsc', current.imps_ifsc),
      },
      current.uid,
    );
  }
  return updateMerchantColumns(tx, current.uid, columns, now);
}

/** A payout channel set for a merchant must be able to carry its payouts (payout-channel-for.ts). */
export function refuseUnusablePayoutChannel(merchant: PayoutAccount, config: Config): void {
  if (merchant.payout_channel === null) return;
  const choice = payoutChannelFor(merchant, config);
  if (!choice.ok) throw invalidField('payout_channel', choice.reason);
}

/** Whether the changes touch what a merchant's payouts leave by. */
export function changesPayouts(changes: MerchantChanges): boolean {
  return (
    changes.payout_channel !== undefined ||
    changes.imps_account !== undefined ||
    changes.imps_ifsc !== undefined
  );
}
