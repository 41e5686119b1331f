/**
 * Double-entry ledger in integer paise. Each posting belongs to one order event (unique), its
 * entries sum to zero, and rows are immutable (enforced by triggers). Account balances are kept
 * beside the entries in the same transaction, and a merchant's balances can never go negative.
 */
import { z } from 'zod';
import { availableAccount, heldAccount } from '../merchants/merchant-store.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { queryRow, queryRows } from '../store/rows.js';

export const BANK_ACCOUNT = 'sys:bank';

/** Ledger rows as the store returns them, checked at the boundary (store/rows.ts). */
const PostingIdRow = z.object({ id: z.number().int() });
const BalanceRow = z.object({ kind: z.enum(['available', 'held']), balance: z.number().int() });

/** The order events that move money, and the entries each posts. */
export type LedgerEvent = 'collected' | 'held' | 'paid_out' | 'released';

function entriesFor(event: LedgerEvent, order: Order): [account: string, amount: number][] {
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
  }
}

export type PostResult = { readonly kind: 'posted' } | { readonly kind: 'already_posted' };

/**
 * Posts the event's entries. A second posting for the same order event is refused by the unique
 * key, so a retried operation can never move money twice.
 */
export async function post(tx: Queryable, order: Order, event: LedgerEvent, now: Date): Promise<PostResult> {
  // ON CONFLICT rather than catching the unique violation: on PostgreSQL a failed statement
  // aborts the whole transaction, so the caller could not go on after a caught error.
  const row = await queryRow(
    tx,
    PostingIdRow,
    `INSERT INTO ledger_postings (payment_uid, event, created_at) VALUES ($1, $2, $3)
     ON CONFLICT ON CONSTRAINT ledger_postings_once DO NOTHING RETURNING id`,
    [order.payment_uid, event, now],
  );
  if (!row) return { kind: 'already_posted' };
  const postingId = row.id;
  // Accounts are updated in one global order (by id), the same order in which creating a payout
  // locks them, so that concurrent postings for one merchant wait for each other instead of
  // deadlocking (a release locking held then available against a hold locking available then held).
  const entries = entriesFor(event, order).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [account, amount] of entries) {
    await tx.query('INSERT INTO ledger_entries (posting_id, account_id, amount) VALUES ($1, $2, $3)', [
      postingId,
      account,
      amount,
    ]);
    await tx.query('UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1', [account, amount]);
  }
  return { kind: 'posted' };
}

export interface Balance {
  readonly available: number;
  readonly held: number;
}

export async function balanceOf(tx: Queryable, merchantUid: string, lock = false): Promise<Balance> {
  const rows = await queryRows(
    tx,
    BalanceRow,
    `SELECT kind, balance FROM ledger_accounts WHERE merchant_uid = $1 ORDER BY kind${lock ? ' FOR UPDATE' : ''}`,
    [merchantUid],
  );
  return {
    available: rows.find((row) => row.kind === 'available')?.balance ?? 0,
    held: rows.find((row) => row.kind === 'held')?.balance ?? 0,
  };
}
