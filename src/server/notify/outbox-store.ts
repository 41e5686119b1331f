/**
 * SQL for the callback outbox: the one module that writes `outbox`. A row is written with the
 * status change it reports (`enqueueCallback`, outbox.ts) and delivered from here. Rows are claimed with a lease (`locked_by`, `locked_until`) in a
 * short transaction using `FOR UPDATE SKIP LOCKED`, so processes sharing a PostgreSQL database
 * split the work and each attempt is made by one process; a lease left by a process that died
 * expires and the row is claimed again. "Newer" means a later status (`status_seq`) of the same
 * order, or the same status enqueued again (a resend).
 */

import { z } from 'zod';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';
import { queryRow, queryRows, rowsQuery } from '../store/rows.js';
import { type OutboxRow, OutboxRowSchema, type OutboxState } from './outbox.js';

/** Writes a callback for the order's current state, due at once; undefined when it has no notify_url. */
export async function enqueueCallback(
  tx: Queryable,
  order: Order,
  now: Date,
): Promise<OutboxRow | undefined> {
  if (order.notify_url === '') return undefined;
  const row = await queryRow(
    tx,
    OutboxRowSchema,
    `INSERT INTO outbox (payment_uid, status_seq, payment_status, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4, $4)
     RETURNING *`,
    [order.payment_uid, order.status_seq, order.payment_status, now],
  );
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}

/** The due, unleased rows in due order, at most $2 of them (with $1 = now). */
const NEXT_IN_LINE = `
  SELECT c.id FROM outbox c
  WHERE c.state = 'pending' AND c.next_attempt_at <= $1 AND (c.locked_until IS NULL OR c.locked_until <= $1)
  ORDER BY c.next_attempt_at, c.id
  LIMIT $2`;

/**
 * Checked on the locked row itself as well: PostgreSQL re-evaluates these against a row another
 * process changed meanwhile, so a row it just leased is not leased again.
 */
const STILL_DUE = `o.state = 'pending' AND o.next_attempt_at <= $1 AND (o.locked_until IS NULL OR o.locked_until <= $1)`;

const NEWER_EXISTS = `EXISTS (
  SELECT 1 FROM outbox n
  WHERE n.payment_uid = o.payment_uid
    AND (n.status_seq > o.status_seq OR (n.status_seq = o.status_seq AND n.id > o.id)))`;

/** Which merchants may take attempts now (merchant-breaker.ts), for fair claims. */
export interface ClaimFairness {
  /** At most this many attempts in flight per merchant. */
  readonly perMerchant: number;
  /** Merchants backed off or at their cap: none of their rows is claimed. */
  readonly excluded: readonly string[];
  /** Attempts already in flight (or held back) per merchant, counted against `perMerchant`. */
  readonly busy: ReadonlyMap<string, number>;
  /** The same for merchants not in `busy`. */
  readonly unknownBusy: number;
}

export type ClaimedRow = OutboxRow & { readonly merchant_uid: string };

const NO_LIMITS: ClaimFairness = { perMerchant: 1_000_000, excluded: [], busy: new Map(), unknownBusy: 0 };

/**
 * Supersedes due, unleased rows that a newer row makes stale, then leases up to `limit` due rows,
 * skipping rows another transaction holds and orders with an attempt in flight. Stale rows not yet
 * due are superseded when they come due (and checked again just before any attempt).
 * Fairness: rows of excluded merchants are not looked at, each merchant gets at most
 * `perMerchant` attempts in flight, and the rows are taken round-robin across merchants (each
 * merchant's first due row, then each one's second...), so a merchant with a long queue cannot
 * take every slot.
 */
export async function claimDue(
  tx: Queryable,
  worker: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
  fairness: ClaimFairness = NO_LIMITS,
): Promise<ClaimedRow[]> {
  // Only the rows next in line are examined: `NEXT_IN_LINE` takes a bounded set in due order
  // first, and the per-order checks run on that set alone, so a pass costs the same with ten or
  // ten thousand rows queued, whether or not the planner has statistics on them yet.
  await tx.query(
    `UPDATE outbox SET state = 'superseded', updated_at = $1
     WHERE id IN (
       SELECT o.id FROM outbox o JOIN (${NEXT_IN_LINE}) next ON next.id = o.id
       WHERE ${STILL_DUE} AND ${NEWER_EXISTS}
       FOR UPDATE OF o SKIP LOCKED)`,
    [now, limit * 4],
  );
  const busy = [...fairness.busy];
  return queryRows(
    tx,
    OutboxRowSchema.extend({ merchant_uid: z.string() }),
    `WITH next AS (
       SELECT c.id, c.merchant_uid,
              row_number() OVER (PARTITION BY c.merchant_uid ORDER BY c.next_attempt_at, c.id) AS rn
       FROM (SELECT c.id, c.next_attempt_at, ord.merchant_uid FROM outbox c
             JOIN orders ord ON ord.payment_uid = c.payment_uid
             WHERE c.state = 'pending' AND c.next_attempt_at <= $1
               AND (c.locked_until IS NULL OR c.locked_until <= $1)
               AND NOT (ord.merchant_uid = ANY($6::text[]))
             ORDER BY c.next_attempt_at, c.id
             LIMIT $2) c
     ),
     fair AS (
       SELECT next.id, next.merchant_uid, next.rn FROM next
       LEFT JOIN unnest($7::text[], $8::int[]) AS busy (merchant_uid, n) ON busy.merchant_uid = next.merchant_uid
       WHERE next.rn + COALESCE(busy.n, $10) <= $9
     ),
     due AS (
       SELECT o.id, fair.merchant_uid FROM outbox o JOIN fair ON fair.id = o.id
       WHERE ${STILL_DUE} AND NOT EXISTS (
         SELECT 1 FROM outbox f
         WHERE f.payment_uid = o.payment_uid AND f.id <> o.id AND f.state = 'pending' AND f.locked_until > $1)
       ORDER BY fair.rn, o.next_attempt_at, o.id
       LIMIT $5
       FOR UPDATE OF o SKIP LOCKED)
     UPDATE outbox SET locked_by = $3, locked_until = $4, updated_at = $1
     FROM due WHERE outbox.id = due.id
     RETURNING outbox.*, due.merchant_uid`,
    [
      now,
      Math.max(limit * 8, 64),
      worker,
      leaseUntil,
      limit,
      fairness.excluded,
      busy.map(([uid]) => uid),
      busy.map(([, n]) => String(n)),
      fairness.perMerchant,
      fairness.unknownBusy,
    ],
  );
}

export async function hasNewerRow(tx: Queryable, row: Pick<OutboxRow, 'id'>): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM outbox o WHERE o.id = $1 AND ${NEWER_EXISTS}`, [row.id]);
  return rows.length > 0;
}

/**
 * Ends a leased row without an attempt: `superseded` when a newer row carries the current state,
 * `skipped` when the order's current status is not called back to its merchant (`final`).
 */
export async function endUnsent(
  tx: Queryable,
  id: number,
  worker: string,
  state: 'superseded' | 'skipped',
  now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE outbox SET state = $3, locked_by = NULL, locked_until = NULL, updated_at = $4
     WHERE id = $1 AND locked_by = $2 AND state = 'pending' RETURNING id`,
    [id, worker, state, now],
  );
  return rows.length > 0;
}

export interface AttemptResultUpdate {
  readonly id: number;
  readonly worker: string;
  readonly state: Exclude<OutboxState, 'superseded' | 'skipped'>;
  readonly attempts: number;
  readonly nextAttemptAt: Date;
  readonly lastError: string;
  readonly now: Date;
}

/** Records where the row stands after an attempt and releases the lease; false if the lease was lost. */
export async function finishRow(tx: Queryable, update: AttemptResultUpdate): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE outbox SET state = $3, attempts = $4, next_attempt_at = $5, last_error = $6,
       locked_by = NULL, locked_until = NULL, updated_at = $7
     WHERE id = $1 AND locked_by = $2 AND state = 'pending' RETURNING id`,
    [
      update.id,
      update.worker,
      update.state,
      update.attempts,
      update.nextAttemptAt,
      update.lastError,
      update.now,
    ],
  );
  return rows.length > 0;
}

export async function listOutboxForOrder(tx: Queryable, paymentUid: string): Promise<OutboxRow[]> {
  return queryRows(tx, OutboxRowSchema, 'SELECT * FROM outbox WHERE payment_uid = $1 ORDER BY id', [
    paymentUid,
  ]);
}

export interface RecentOutboxRow extends OutboxRow {
  readonly merchant_uid: string;
  readonly merchant_order_id: string;
}

/** The most recently updated rows, optionally in one state, for operators watching delivery. */
export const listRecentOutbox = rowsQuery(
  OutboxRowSchema.extend({ merchant_uid: z.string(), merchant_order_id: z.string() }),
  `SELECT x.*, ord.merchant_uid, ord.merchant_order_id
   FROM outbox x JOIN orders ord ON ord.payment_uid = x.payment_uid
   WHERE $1::text IS NULL OR x.state = $1
   ORDER BY x.updated_at DESC, x.id DESC
   LIMIT $2`,
  (state: OutboxState | undefined, limit: number) => [state ?? null, limit],
);

const FailingRow = z.object({ merchant_uid: z.string(), merchant_name: z.string(), count: z.number().int() });
export type FailingCallbacks = z.infer<typeof FailingRow>;

/**
 * Per merchant, how many orders have a callback that failed for good or is being retried after a
 * failure (the order search's `callback=failing` is the same rule, order-store.ts).
 */
export const failingCallbacksByMerchant = rowsQuery(
  FailingRow,
  `SELECT o.merchant_uid, m.name AS merchant_name, count(DISTINCT x.payment_uid)::int AS count
   FROM outbox x JOIN orders o ON o.payment_uid = x.payment_uid JOIN merchants m ON m.uid = o.merchant_uid
   WHERE (x.state = 'failed' OR (x.state = 'pending' AND x.attempts > 0))
   GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 50`,
);

const FailingOrderRow = z.object({
  payment_uid: z.string(),
  merchant_uid: z.string(),
  payment_status: z.string(),
  attempts: z.number().int(),
  last_error: z.string(),
  failed_for_good: z.boolean(),
  at: z.date(),
  total: z.number().int(),
});
export type FailingCallbackOrder = z.infer<typeof FailingOrderRow>;

/** Orders whose callback failed for good or is being retried after a failure, newest failure first. */
export const failingCallbackOrders = rowsQuery(
  FailingOrderRow,
  `SELECT *, count(*) OVER ()::int AS total FROM (
     SELECT DISTINCT ON (x.payment_uid) x.payment_uid, o.merchant_uid, x.payment_status, x.attempts,
            x.last_error, x.state = 'failed' AS failed_for_good, x.updated_at AS at
     FROM outbox x JOIN orders o ON o.payment_uid = x.payment_uid
     WHERE (x.state = 'failed' OR (x.state = 'pending' AND x.attempts > 0))
     ORDER BY x.payment_uid, x.updated_at DESC
   ) AS failing ORDER BY at DESC LIMIT $1`,
  (limit: number) => [limit],
);
