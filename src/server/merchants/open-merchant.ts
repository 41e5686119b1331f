/**
 * A new merchant: its row and its two ledger accounts, in the caller's transaction. Its collection
 * accounts must be no other merchant's (collection-accounts.ts).
 */
import { openMerchantAccounts } from '../ledger/ledger-store.js';
import type { Queryable } from '../store/db.js';
import { refuseAccountsInUse } from './collection-accounts.js';
import type { Merchant } from './merchant.js';
import { insertMerchant, type NewMerchant } from './merchant-store.js';

export async function openMerchant(tx: Queryable, input: NewMerchant, now: Date): Promise<Merchant> {
  await refuseAccountsInUse(
    tx,
    { upiVpa: input.upi_vpa ?? '', impsAccount: input.imps_account ?? '', impsIfsc: input.imps_ifsc ?? '' },
    '',
  );
  const merchant = await insertMerchant(tx, input, now);
  await openMerchantAccounts(tx, merchant.uid);
  return merchant;
}
