/** A new merchant: its row and its two ledger accounts, in the caller's transaction. */
import { openMerchantAccounts } from '../ledger/ledger-store.js';
import type { Queryable } from '../store/db.js';
import type { Merchant } from './merchant.js';
import { insertMerchant, type NewMerchant } from './merchant-store.js';

export async function openMerchant(tx: Queryable, input: NewMerchant, now: Date): Promise<Merchant> {
  const merchant = await insertMerchant(tx, input, now);
  await openMerchantAccounts(tx, merchant.uid);
  return merchant;
}
