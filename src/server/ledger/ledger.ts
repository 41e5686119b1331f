/**
 * Double-entry ledger in integer paise. Each posting belongs to one order event or one credit
 * event (unique), its entries sum to zero, and rows are immutable (enforced by triggers). Account
 * balances are kept beside the entries in the same transaction, and a merchant's balances can
 * never go negative. A credit's money enters the suspense account of the collection account it
 * was paid to, and leaves it for the merchant when it completes an order: into `available`, or
 * into `pending` when the credit is known only from a bank's text, until a statement line
 * confirms it or its hold ends (`cleared`), or a statement line contradicts it (`frozen`).
 */
import type { LedgerLine } from '../../shared/console-views.js';
import { formatAmount } from '../../shared/money.js';
import type { Queryable } from '../store/db.js';
import {
  BANK_ACCOUNT,
  collectionAccountOf,
  MERCHANT_ACCOUNT_KINDS,
  type MerchantAccountKind,
  merchantAccount,
  merchantAccountKind,
  suspenseAccount,
} from './ledger-accounts.js';
import {
  type EntryRow,
  entriesBetween,
  insertEntry,
  insertPosting,
  insertReceivedPostings,
  merchantBalances,
  openSuspenseAccount,
  recentEntries,
} from './ledger-store.js';

/** The order events that move money, and the entries each posts. */
export type LedgerEvent =
  | 'collected'
  | 'held'
  | 'paid_out'
  | 'released'
  | 'reversed'
  | 'cleared'
  | 'frozen'
  | 'unfrozen'
  | 'returned';

/** Where a completed collection's money comes from and goes to. */
export interface Collection {
  /** The suspense account of the credit that completed the order; the bank when no credit did. */
  readonly from: string;
  /** `pending` when the credit is known only from a bank's text and not yet confirmed. */
  readonly into: 'available' | 'pending';
}

/** The collection of an order completed without a credit (by hand): from the bank, available. */
export const WITHOUT_CREDIT: Collection = { from: BANK_ACCOUNT, into: 'available' };

/** What the ledger needs to know of an order: which it is, whose, and how much (paise). */
export interface PostedOrder {
  readonly payment_uid: string;
  readonly merchant_uid: string;
  readonly amount: number;
}

/** Where an event's money is: one of the merchant's accounts, or outside (the bank). */
type MovementEnd = MerchantAccountKind | 'bank';

/**
 * The account each event but a collection moves the order's amount out of, and the one it moves
 * it into (a collection's ends are the credit's: `Collection`).
 */
const MOVEMENTS: Record<
  Exclude<LedgerEvent, 'collected'>,
  readonly [from: MovementEnd, into: MovementEnd]
> = {
  cleared: ['pending', 'available'],
  frozen: ['pending', 'frozen'],
  // An operator found the contradicting statement line wrong: the frozen money is the merchant's.
  unfrozen: ['frozen', 'available'],
  // An operator returned frozen money to the payer: it leaves through the bank.
  returned: ['frozen', 'bank'],
  held: ['available', 'held'],
  paid_out: ['held', 'bank'],
  released: ['held', 'available'],
  // A completed payout whose money the bank returned: it is the merchant's to spend again
  // (docs/decisions/0024-payout-provider.md, Reversal after success).
  reversed: ['bank', 'available'],
};

/** The account the event moves the order's amount out of, and the one it moves it into. */
function movementOf(
  event: LedgerEvent,
  order: PostedOrder,
  collection: Collection,
): [from: string, into: string] {
  const account = (end: MovementEnd) =>
    end === 'bank' ? BANK_ACCOUNT : merchantAccount(order.merchant_uid, end);
  if (event === 'collected') return [collection.from, account(collection.into)];
  const [from, into] = MOVEMENTS[event];
  return [account(from), account(into)];
}

function entriesFor(
  event: LedgerEvent,
  order: PostedOrder,
  collection: Collection,
): [account: string, amount: number][] {
  const [from, into] = movementOf(event, order, collection);
  return [
    [from, -order.amount],
    [into, order.amount],
  ];
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
  collection: Collection = WITHOUT_CREDIT,
): Promise<PostResult> {
  const postingId = await insertPosting(tx, { kind: 'order', paymentUid: order.payment_uid }, event, now);
  return postEntries(tx, postingId, entriesFor(event, order, collection));
}

/** What the ledger needs to know of a credit that arrived: which, how much, paid to which account. */
export interface PostedCredit {
  readonly id: number;
  readonly amount: number;
  readonly payee: string;
}

/**
 * A credit arrived: its money enters the suspense account of the collection account it was paid
 * to, where it stays until it completes an order. Posted once per credit (unique key).
 */
export async function postReceived(tx: Queryable, credit: PostedCredit, now: Date): Promise<PostResult> {
  const suspense = await openSuspenseAccount(tx, credit.payee);
  const postingId = await insertPosting(tx, { kind: 'credit', creditId: credit.id }, 'received', now);
  return postEntries(tx, postingId, [
    [BANK_ACCOUNT, -credit.amount],
    [suspense, credit.amount],
  ]);
}

/**
 * A credit that completed no order went back to the payer: its money leaves the suspense account
 * it was received into, through the bank. Posted once per credit (unique key).
 */
export async function postReturnedCredit(
  tx: Queryable,
  credit: PostedCredit,
  now: Date,
): Promise<PostResult> {
  const postingId = await insertPosting(tx, { kind: 'credit', creditId: credit.id }, 'returned', now);
  return postEntries(tx, postingId, [
    [suspenseAccount(credit.payee), -credit.amount],
    [BANK_ACCOUNT, credit.amount],
  ]);
}

/** postReceived for a statement's batch of credits, in a few statements (ledger-store.ts). */
export async function postReceivedMany(
  tx: Queryable,
  credits: readonly PostedCredit[],
  now: Date,
): Promise<void> {
  await insertReceivedPostings(
    tx,
    credits.map((credit) => ({
      creditId: credit.id,
      amount: credit.amount,
      account: suspenseAccount(credit.payee),
      collectionAccount: collectionAccountOf(credit.payee),
    })),
    BANK_ACCOUNT,
    now,
  );
}

/** A posting's entries, when its insert made it (an id); already_posted when the event was posted before. */
async function postEntries(
  tx: Queryable,
  postingId: number | undefined,
  entries: [account: string, amount: number][],
): Promise<PostResult> {
  if (postingId === undefined) return { kind: 'already_posted' };
  await insertEntries(tx, postingId, entries);
  return { kind: 'posted' };
}

async function insertEntries(
  tx: Queryable,
  postingId: number,
  entries: [account: string, amount: number][],
): Promise<void> {
  // Accounts are updated in one global order (by id), the same order in which creating a payout
  // locks them, so that concurrent postings for one merchant wait for each other instead of
  // deadlocking (a release locking held then available against a hold locking available then held).
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [account, amount] of entries) await insertEntry(tx, postingId, account, amount);
}

export interface Balance {
  readonly available: number;
  readonly held: number;
  /** Completed collections whose credits are known only from a bank's text, not yet confirmed. */
  readonly pending: number;
  /** Collections whose credits a statement line contradicted, until an operator decides. */
  readonly frozen: number;
}

export async function balanceOf(tx: Queryable, merchantUid: string, lock = false): Promise<Balance> {
  const rows = await merchantBalances(tx, merchantUid, lock);
  const of = (kind: MerchantAccountKind) => rows.find((row) => row.kind === kind)?.balance ?? 0;
  return { available: of('available'), held: of('held'), pending: of('pending'), frozen: of('frozen') };
}

/** The most recent entries of the merchant's accounts, as the console shows them. */
export async function recentLedgerEntries(
  tx: Queryable,
  merchantUid: string,
  limit: number,
): Promise<LedgerLine[]> {
  const rows = await recentEntries(tx, merchantAccountsOf(merchantUid), limit);
  return rows.map(ledgerLine);
}

const merchantAccountsOf = (merchantUid: string) =>
  MERCHANT_ACCOUNT_KINDS.map((kind) => merchantAccount(merchantUid, kind));

/** The most lines a statement holds. */
export const STATEMENT_MAX_LINES = 100_000;

/** The entries of the merchant's accounts posted in [from, to), oldest first (a statement). */
export async function ledgerLinesBetween(
  tx: Queryable,
  merchantUid: string,
  from: Date,
  to: Date,
): Promise<LedgerLine[]> {
  return (await entriesBetween(tx, merchantAccountsOf(merchantUid), from, to, STATEMENT_MAX_LINES)).map(
    ledgerLine,
  );
}

function ledgerLine(row: EntryRow): LedgerLine {
  return {
    id: row.id,
    account: merchantAccountKind(row.account_id),
    amount: formatAmount(row.amount),
    payment_uid: row.payment_uid,
    event: row.event,
    created_at: row.created_at.toISOString(),
  };
}
