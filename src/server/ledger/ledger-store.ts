/**
 * SQL for the ledger: the one module that writes `ledger_accounts`, `ledger_postings` and
 * `ledger_entries` (a posting's entries and the balances they move are written together, so the
 * three tables have one owner). Postings and entries are immutable (triggers, migration 1).
 */
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { queryRows, rowsQuery, statement, valueQuery } from '../store/rows.js';
import { collectionAccountOf, MERCHANT_ACCOUNT_KINDS, suspenseAccount } from './ledger-accounts.js';

const IdRow = z.object({ id: z.number().int() });
const BalanceRow = z.object({ kind: z.enum(MERCHANT_ACCOUNT_KINDS), balance: z.number().int() });
export type BalanceRow = z.infer<typeof BalanceRow>;

/** Opens a new merchant's accounts (available, held, pending, frozen), all at zero. */
export const openMerchantAccounts = statement(
  `INSERT INTO ledger_accounts (id, merchant_uid, kind)
   SELECT 'm:' || $1 || ':' || kind, $1, kind FROM unnest($2::text[]) AS kind`,
  (merchantUid: string) => [merchantUid, [...MERCHANT_ACCOUNT_KINDS]],
);

/** Opens the suspense account of the collection account a credit was paid to, if it is new. */
export async function openSuspenseAccount(tx: Queryable, payee: string): Promise<string> {
  const id = suspenseAccount(payee);
  await tx.query(
    `INSERT INTO ledger_accounts (id, kind, collection_account) VALUES ($1, 'suspense', $2)
     ON CONFLICT (id) DO NOTHING`,
    [id, collectionAccountOf(payee)],
  );
  return id;
}

/** What a posting belongs to: an order's event, or a credit's (its arrival). */
export type PostingSubject =
  | { readonly kind: 'order'; readonly paymentUid: string }
  | { readonly kind: 'credit'; readonly creditId: number };

/**
 * The posting of an order's or a credit's event: its id, or undefined when the event was posted
 * already (the table's unique keys, `ledger_postings_once` and `ledger_postings_credit_once`, are
 * its only ones besides the id). ON CONFLICT rather than catching the violation: on PostgreSQL a
 * failed statement aborts the whole transaction, so the caller could not go on after a caught error.
 */
export const insertPosting = valueQuery(
  IdRow,
  'id',
  `INSERT INTO ledger_postings (payment_uid, credit_id, event, created_at) VALUES ($1, $2, $3, $4)
   ON CONFLICT DO NOTHING RETURNING id`,
  (subject: PostingSubject, event: string, now: Date) => [
    subject.kind === 'order' ? subject.paymentUid : null,
    subject.kind === 'credit' ? subject.creditId : null,
    event,
    now,
  ],
);

/** One entry of a posting, and the account's balance moved by it (the CHECK keeps it from going negative). */
export async function insertEntry(
  tx: Queryable,
  postingId: number,
  accountId: string,
  amount: number,
): Promise<void> {
  await tx.query('INSERT INTO ledger_entries (posting_id, account_id, amount) VALUES ($1, $2, $3)', [
    postingId,
    accountId,
    amount,
  ]);
  await tx.query('UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1', [accountId, amount]);
}

/** The merchant's account balances; `lock` keeps them locked until the transaction ends. */
export async function merchantBalances(
  tx: Queryable,
  merchantUid: string,
  lock: boolean,
): Promise<BalanceRow[]> {
  return queryRows(
    tx,
    BalanceRow,
    `SELECT kind, balance FROM ledger_accounts WHERE merchant_uid = $1 ORDER BY kind${lock ? ' FOR UPDATE' : ''}`,
    [merchantUid],
  );
}

const EntryRow = z.object({
  id: z.number().int(),
  account_id: z.string(),
  amount: z.number().int(),
  payment_uid: z.string(),
  event: z.string(),
  created_at: z.date(),
});
export type EntryRow = z.infer<typeof EntryRow>;

/** Ledger entries with their postings, read as EntryRow. */
const ENTRIES = `SELECT e.id, e.account_id, e.amount, p.payment_uid, p.event, p.created_at
     FROM ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id`;

/** The latest entries of these accounts, newest first. */
export const recentEntries = rowsQuery(
  EntryRow,
  `${ENTRIES}
   WHERE e.account_id = ANY($1) ORDER BY e.posting_id DESC, e.id DESC LIMIT $2`,
  (accountIds: readonly string[], limit: number) => [accountIds, limit],
);

/** The entries of these accounts posted in [from, to), oldest first, at most `limit`. */
export const entriesBetween = rowsQuery(
  EntryRow,
  `${ENTRIES}
   WHERE e.account_id = ANY($1) AND p.created_at >= $2 AND p.created_at < $3
   ORDER BY e.posting_id, e.id LIMIT $4`,
  (accountIds: readonly string[], from: Date, to: Date, limit: number) => [accountIds, from, to, limit],
);

const PostingEntryRow = z.object({
  id: z.number().int(),
  event: z.string(),
  created_at: z.date(),
  account_id: z.string(),
  amount: z.number().int(),
});
export type PostingEntryRow = z.infer<typeof PostingEntryRow>;

/** Every entry of the order's postings, posting by posting. */
export const postingsOfOrder = rowsQuery(
  PostingEntryRow,
  `SELECT p.id, p.event, p.created_at, e.account_id, e.amount FROM ledger_postings p
   JOIN ledger_entries e ON e.posting_id = p.id WHERE p.payment_uid = $1 ORDER BY p.id, e.id`,
  (paymentUid: string) => [paymentUid],
);

/** What a credit's arrival posts: its id, its amount (paise) and the suspense account it enters. */
export interface ReceivedEntry {
  readonly creditId: number;
  readonly amount: number;
  readonly account: string;
  readonly collectionAccount: string;
}

/**
 * The arrival of many credits (a statement's batch) in a few statements: their suspense accounts,
 * one posting each with its two entries, and the balances moved, one account at a time in id order
 * (the order single postings lock them in).
 */
export async function insertReceivedPostings(
  tx: Queryable,
  received: readonly ReceivedEntry[],
  bankAccount: string,
  now: Date,
): Promise<void> {
  if (received.length === 0) return;
  await tx.query(
    `INSERT INTO ledger_accounts (id, kind, collection_account)
     SELECT DISTINCT id, 'suspense', account FROM unnest($1::text[], $2::text[]) AS batch (id, account)
     ON CONFLICT (id) DO NOTHING`,
    [received.map((r) => r.account), received.map((r) => r.collectionAccount)],
  );
  await tx.query(
    `WITH batch AS (
       SELECT credit_id::bigint, amount::bigint, account
       FROM unnest($1::text[], $2::text[], $3::text[]) AS b (credit_id, amount, account)),
     posted AS (
       INSERT INTO ledger_postings (credit_id, event, created_at)
       SELECT credit_id, 'received', $5 FROM batch RETURNING id, credit_id)
     INSERT INTO ledger_entries (posting_id, account_id, amount)
     SELECT p.id, side.account_id, side.amount FROM posted p JOIN batch b ON b.credit_id = p.credit_id
     CROSS JOIN LATERAL (VALUES ($4::text, -b.amount), (b.account, b.amount)) AS side (account_id, amount)`,
    [
      received.map((r) => String(r.creditId)),
      received.map((r) => String(r.amount)),
      received.map((r) => r.account),
      bankAccount,
      now,
    ],
  );
  const totals = new Map<string, number>();
  for (const r of received) {
    totals.set(r.account, (totals.get(r.account) ?? 0) + r.amount);
    totals.set(bankAccount, (totals.get(bankAccount) ?? 0) - r.amount);
  }
  for (const account of [...totals.keys()].sort()) {
    await tx.query('UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1', [
      account,
      totals.get(account) ?? 0,
    ]);
  }
}
