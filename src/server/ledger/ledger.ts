/**
 * Double-entry ledger in integer paise. Each posting belongs to one order event (unique), its
 * entries sum to zero, and rows are immutable (enforced by triggers). Account balances are kept
 * beside the entries in the same transaction, and a merchant's balances can never go negative.
 */
import type { LedgerLine } from '../../shared/console-views.js';
import { formatAmount } from '../../shared/money.js';
import type { Queryable } from '../store/db.js';
import { availableAccount, BANK_ACCOUNT, heldAccount, merchantAccountKind } from './ledger-accounts.js';
import { insertEntry, insertPosting, merchantBalances, recentEntries } from './ledger-store.js';

/** The order events that move money, and the entries each posts. */
export type LedgerEvent = 'collected' | 'held' | 'paid_out' | 'released' | 'reversed';

/** What the ledger needs to know of an order: which it is, whose, and how much (paise). */
export interface PostedOrder {
  readonly payment_uid: string;
  readonly merchant_uid: string;
  readonly amount: number;
}

function entriesFor(event: LedgerEvent, order: PostedOrder): [account: string, amount: number][] {
  const available = availableAccount(order.merchant_uid);
  const held = heldAccount(order.merchant_uid);
  const amount = order.amount;
  switch (event) {
    case 'collected':
      return [
        [BANK_ACCOUNT, -amount],
        [available, amount],
      ];
    case 'held':
      return [
        [available, -amount],
        [held, amount],
      ];
    case 'paid_out':
      return [
        [held, -amount],
        [BANK_ACCOUNT, amount],
      ];
    case 'released':
      return [
        [held, -amount],
        [available, amount],
      ];
    // A completed payout whose money the bank returned: it is the merchant's to spend again
    // (docs/decisions/0024-payout-provider.md, Reversal after success).
    case 'reversed':
      return [
        [BANK_ACCOUNT, -amount],
        [available, amount],
      ];
  }
}

export type PostResult = { readonly kind: 'posted' } | { readonly kind: 'already_posted' };

/**
 * Posts the event's entries. A second posting for the same order event is refused by the unique
 * key, so a retried operation can never move money twice.
 */
export async function post(
  tx: Queryable,
  order: PostedOrder,
  event: LedgerEvent,
  now: Date,
): Promise<PostResult> {
  const postingId = await insertPosting(tx, order.payment_uid, event, now);
  if (postingId === undefined) return { kind: 'already_posted' };
  // Accounts are updated in one global order (by id), the same order in which creating a payout
  // locks them, so that concurrent postings for one merchant wait for each other instead of
  // deadlocking (a release locking held then available against a hold locking available then held).
  const entries = entriesFor(event, order).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [account, amount] of entries) await insertEntry(tx, postingId, account, amount);
  return { kind: 'posted' };
}

export interface Balance {
  readonly available: number;
  readonly held: number;
}

export async function balanceOf(tx: Queryable, merchantUid: string, lock = false): Promise<Balance> {
  const rows = await merchantBalances(tx, merchantUid, lock);
  return {
    available: rows.find((row) => row.kind === 'available')?.balance ?? 0,
    held: rows.find((row) => row.kind === 'held')?.balance ?? 0,
  };
}

/** The most recent entries of the merchant's two accounts, as the console shows them. */
export async function recentLedgerEntries(
  tx: Queryable,
  merchantUid: string,
  limit: number,
): Promise<LedgerLine[]> {
  const rows = await recentEntries(tx, [availableAccount(merchantUid), heldAccount(merchantUid)], limit);
  return rows.map((row) => ({
    id: row.id,
    account: merchantAccountKind(row.account_id),
    amount: formatAmount(row.amount),
    payment_uid: row.payment_uid,
    event: row.event,
    created_at: row.created_at.toISOString(),
  }));
}
