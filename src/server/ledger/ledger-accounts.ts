/**
 * The ledger's account names: the bank's one account, and each merchant's two (money it may pay
 * out, and money held for payouts under way). Opened with the merchant (ledger-store.ts).
 */
export const BANK_ACCOUNT = 'sys:bank';

export type MerchantAccountKind = 'available' | 'held';

export const availableAccount = (merchantUid: string) => `m:${merchantUid}:available`;
export const heldAccount = (merchantUid: string) => `m:${merchantUid}:held`;

/** Which of a merchant's accounts an account name is. */
export function merchantAccountKind(accountId: string): MerchantAccountKind {
  return accountId.endsWith(':held') ? 'held' : 'available';
}
