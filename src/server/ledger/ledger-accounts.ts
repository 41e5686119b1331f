/**
 * The ledger's account names: the bank's one account; each merchant's four (money it may pay out,
 * money held for payouts under way, money of credits known only from a bank's text and not yet
 * confirmed, and money a statement line contradicted); and one suspense account per collection
 * account, where a credit's money sits until it completes an order. A merchant's accounts are
 * opened with the merchant, a suspense account with the first credit paid to it (ledger-store.ts).
 */
export const BANK_ACCOUNT = 'sys:bank';

export const MERCHANT_ACCOUNT_KINDS = ['available', 'held', 'pending', 'frozen'] as const;
export type MerchantAccountKind = (typeof MERCHANT_ACCOUNT_KINDS)[number];

export const merchantAccount = (merchantUid: string, kind: MerchantAccountKind) => `m:${merchantUid}:${kind}`;
export const availableAccount = (merchantUid: string) => merchantAccount(merchantUid, 'available');
export const heldAccount = (merchantUid: string) => merchantAccount(merchantUid, 'held');
export const pendingAccount = (merchantUid: string) => merchantAccount(merchantUid, 'pending');
export const frozenAccount = (merchantUid: string) => merchantAccount(merchantUid, 'frozen');

/**
 * The collection account a credit was paid to, as the ledger names it ('' when the bank named
 * none): the payee without spaces, in lower case, as the matching compares payees
 * (credits/matching/credit-payee.ts).
 */
export const collectionAccountOf = (payee: string) => payee.replace(/\s+/g, '').toLowerCase();

/** The suspense account of a collection account (migration 15 names them the same way). */
export const suspenseAccount = (payee: string) => `suspense:${collectionAccountOf(payee) || 'none'}`;

/** Which of a merchant's accounts an account name is. */
export function merchantAccountKind(accountId: string): MerchantAccountKind {
  const kind = accountId.slice(accountId.lastIndexOf(':') + 1);
  return MERCHANT_ACCOUNT_KINDS.find((known) => known === kind) ?? 'available';
}
