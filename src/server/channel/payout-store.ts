/**
 * SQL for the payouts table: the one module that writes it. A row is written with the payout's
 * order, in the transaction that holds its amount; batches and the provider's answers update it.
 */
import { z } from 'zod';
import type { PayoutChannelName } from '../../shared/payout-channel-names.js';
import { type Order, OrderRow } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { queryRow, queryRows, rowQuery, rowsQuery, statement } from '../store/rows.js';
import { type Payout, PayoutRow, payoutReference } from './payout.js';

export interface NewPayout {
  readonly paymentUid: string;
  readonly channel: PayoutChannelName;
  readonly debitAccount: string;
  readonly debitIfsc: string;
}

export async function insertPayout(tx: Queryable, payout: NewPayout, now: Date): Promise<Payout> {
  const row = await queryRow(
    tx,
    PayoutRow,
    `INSERT INTO payouts (payment_uid, channel, reference, debit_account, debit_ifsc, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
    [
      payout.paymentUid,
      payout.channel,
      payoutReference(payout.paymentUid),
      payout.debitAccount,
      payout.debitIfsc,
      now,
    ],
  );
  if (!row) throw new Error('payout insert returned no row');
  return row;
}

export async function findPayout(tx: Queryable, paymentUid: string): Promise<Payout | undefined> {
  return queryRow(tx, PayoutRow, 'SELECT * FROM payouts WHERE payment_uid = $1', [paymentUid]);
}

export async function findPayoutByProviderId(
  tx: Queryable,
  providerPayoutId: string,
): Promise<Payout | undefined> {
  return queryRow(tx, PayoutRow, 'SELECT * FROM payouts WHERE provider_payout_id = $1', [providerPayoutId]);
}

/** The provider's id and status for the payout, as last heard (a create answer, a poll or a webhook). */
export const recordProviderPayout = statement(
  `UPDATE payouts SET provider_payout_id = COALESCE(provider_payout_id, $2), provider_status = $3, updated_at = $4
   WHERE payment_uid = $1`,
  (paymentUid: string, providerPayoutId: string, providerStatus: string, now: Date) => [
    paymentUid,
    providerPayoutId,
    providerStatus,
    now,
  ],
);

export const markPolled = statement(
  'UPDATE payouts SET polled_at = $2 WHERE payment_uid = $1',
  (paymentUid: string, now: Date) => [paymentUid, now],
);

/** An order with its payout row through to_jsonb (timestamps arrive as text). */
export const PayoutOrderRow = OrderRow.extend({
  payout: PayoutRow.extend({
    created_at: z.coerce.date(),
    updated_at: z.coerce.date(),
    polled_at: z.coerce.date().nullable(),
  }),
});

export type PayoutOrder = Order & { readonly payout: Payout };

const WITH_PAYOUT = `SELECT o.*, to_jsonb(p) AS payout FROM orders o JOIN payouts p ON p.payment_uid = o.payment_uid`;

/** Bank-file payouts of one collection account not in a batch yet, oldest first, locked for batching. */
export const lockWaitingForBatch = rowsQuery(
  PayoutOrderRow,
  `${WITH_PAYOUT} WHERE p.channel = 'bank_file' AND p.batch_id IS NULL AND p.debit_account = $1 AND p.debit_ifsc = $2
       AND o.payment_status = 'pending'
     ORDER BY p.created_at, p.payment_uid LIMIT $3 FOR UPDATE OF o, p`,
  (account: string, ifsc: string, limit: number) => [account, ifsc, limit],
);

export const assignToBatch = statement(
  'UPDATE payouts SET batch_id = $2, batch_line = $3, updated_at = $4 WHERE payment_uid = $1',
  (paymentUid: string, batchId: string, line: number, now: Date) => [paymentUid, batchId, line, now],
);

/** A batch's payouts in line order, with their orders (their outcomes); locked when `lock`. */
export async function batchPayouts(tx: Queryable, batchId: string, lock = false): Promise<PayoutOrder[]> {
  return queryRows(
    tx,
    PayoutOrderRow,
    `${WITH_PAYOUT} WHERE p.batch_id = $1 ORDER BY p.batch_line${lock ? ' FOR UPDATE OF o' : ''}`,
    [batchId],
  );
}

const WaitingRow = z.object({
  account: z.string(),
  ifsc: z.string(),
  count: z.number().int(),
  total: z.coerce.number().int(),
  oldest_at: z.date(),
});

/** Bank-file payouts accepted and in no batch yet, per collection account: the open batches. */
export const waitingForBatch = rowsQuery(
  WaitingRow,
  `SELECT p.debit_account AS account, p.debit_ifsc AS ifsc, count(*)::int AS count, sum(o.amount)::bigint AS total,
     min(p.created_at) AS oldest_at
   FROM payouts p JOIN orders o ON o.payment_uid = p.payment_uid
   WHERE p.channel = 'bank_file' AND p.batch_id IS NULL AND o.payment_status = 'pending'
   GROUP BY p.debit_account, p.debit_ifsc ORDER BY min(p.created_at)`,
);

/**
 * Payouts to look at: bank-file payouts `processing` (uploaded) since before `uploadedBefore` with
 * no debit yet, and payouts reversed after they completed since `reversedSince`.
 */
export const payoutsNeedingAttention = rowsQuery(
  PayoutOrderRow,
  `${WITH_PAYOUT} WHERE (p.channel = 'bank_file' AND o.payment_status = 'processing' AND o.status_changed_at < $1)
        OR (o.transaction_type = 'expense' AND o.reversed_at >= $2)
     ORDER BY o.status_changed_at LIMIT $3`,
  (uploadedBefore: Date, reversedSince: Date, limit: number) => [uploadedBefore, reversedSince, limit],
);

/** A payout found by our reference (bank statements echo it). */
export const findPayoutOrderByReference = rowQuery(
  PayoutOrderRow,
  `${WITH_PAYOUT} WHERE p.reference = $1`,
  (reference: string) => [reference],
);

/** The same, its order locked for the change a statement line makes. */
export const lockPayoutOrderByReference = rowQuery(
  PayoutOrderRow,
  `${WITH_PAYOUT} WHERE p.reference = $1 FOR UPDATE OF o`,
  (reference: string) => [reference],
);

/**
 * The open payouts the payout step moves, oldest change first, payouts not yet sent before those
 * waiting on the bank (so the latter cannot starve new ones), each with its payout row when it
 * has one (payouts accepted before migration 11 have none and go to the mode's default channel).
 * Bank-file payouts are moved by operators and statements, so they are left out. Read through
 * the partial index `orders_open_payouts` (migration 9), whose predicate is this WHERE clause on
 * orders: a pass costs the open payouts, not the table.
 */
export const OPEN_PAYOUTS_SQL = `SELECT o.*, to_jsonb(p) AS payout FROM orders o LEFT JOIN payouts p ON p.payment_uid = o.payment_uid
  WHERE o.transaction_type = 'expense' AND o.payment_status IN ('pending', 'preparing', 'processing')
    AND (p.channel IS NULL OR p.channel <> 'bank_file')
  ORDER BY o.payment_status = 'processing', o.status_changed_at LIMIT $1`;

const OpenPayoutRow = OrderRow.extend({ payout: PayoutOrderRow.shape.payout.nullable() });

export async function openPayouts(tx: Queryable, batch: number): Promise<z.infer<typeof OpenPayoutRow>[]> {
  return queryRows(tx, OpenPayoutRow, OPEN_PAYOUTS_SQL, [batch]);
}
