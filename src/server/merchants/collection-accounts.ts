/**
 * A collection account belongs to one merchant: a UPI address (compared case-insensitively) and an
 * IMPS account (number and IFSC) are at most one merchant's, enabled or disabled, and no other
 * merchant's credit source may feed it. Otherwise a credit paid to the account could complete
 * either merchant's order and be paid out by the one who did not receive it. The store keeps the
 * same rule for merchants (unique indexes, migration 13); docs/money-controls.md says how a store
 * that already held shared accounts is resolved.
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';
import type { Queryable } from '../store/db.js';
import { accountsHeldByOthers, type CollectionAccounts, lockCollectionAccounts } from './merchant-store.js';

/** Refuses (409 `account_in_use`) accounts another merchant holds; the other is never named. */
export async function refuseAccountsInUse(
  tx: Queryable,
  accounts: CollectionAccounts,
  exceptUid: string,
): Promise<void> {
  if (accounts.upiVpa.trim() === '' && accounts.impsAccount.trim() === '') return;
  await lockCollectionAccounts(tx);
  if (await accountsHeldByOthers(tx, accounts, exceptUid)) {
    throw new AppError(
      ERROR_CODES.accountInUse,
      'upi_vpa, imps_account: a collection account given is already in use by another merchant',
    );
  }
}
