/**
 * SQL for orders and their history (order_events): the one module that writes either table.
 * Status changes are decided in lifecycle/change-status.ts, which writes them through
 * `updateOrderStatus` here.
 */
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../../shared/order-status.js';
import { type Merchant, MerchantRow } from '../merchants/merchant.js';
import { prepared, type Queryable, type SqlParam } from '../store/db.js';
import { likePrefix, PARTIAL_ID_LENGTH } from '../store/like-prefix.js';
import { queryRow, queryRows, rowQuery, rowsQuery, statement } from '../store/rows.js';
import { type NewOrder, type Order, OrderRow } from './order.js';

const INSERT_COLUMNS = [
  'payment_uid',
  'merchant_uid',
  'merchant_order_id',
  'request_digest',
  'transaction_type',
  'accounting_type',
  'payterm',
  'payment',
  'currency',
  'country',
  'channel',
  'amount',
  'final_amount',
  'from_account',
  'from_name',
  'from_bank_name',
  'to_account',
  'to_name',
  'to_bank_name',
  'merchant_id',
  'order_uid',
  'redirect_url',
  'notify_url',
  'response_type',
  'ip',
  'user_agent',
  'signature_key',
  'extra',
  'payment_status',
  'expires_at',
  'created_at',
] as const satisfies readonly (keyof NewOrder)[];

const INSERT_SQL = `
  INSERT INTO orders (${INSERT_COLUMNS.join(', ')}, status_changed_at, updated_at)
  VALUES (${INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${INSERT_COLUMNS.length}, $${INSERT_COLUMNS.length})
  ON CONFLICT ON CONSTRAINT orders_merchant_order_unique DO NOTHING
  RETURNING *`;

const INSERT_WITH_EVENT_SQL = prepared(`
  WITH inserted AS (${INSERT_SQL}),
  created AS (
    INSERT INTO order_events (payment_uid, seq, from_status, to_status, cause, detail, at)
    SELECT payment_uid, 0, NULL, payment_status, 'created', '', created_at FROM inserted)
  SELECT * FROM inserted`);

/**
 * Inserts a new order and its first event ('created', to pending, at created_at) in one statement,
 * which is atomic on its own; undefined (and no event) when the merchant already has that
 * merchant_order_id. One round trip where a transaction of the two inserts takes four.
 */
export const insertOrder = rowQuery(OrderRow, INSERT_WITH_EVENT_SQL, (order: NewOrder) =>
  INSERT_COLUMNS.map((column) => order[column]),
);

const INSERT_MANY_SQL = prepared(`
  WITH inserted AS (
    INSERT INTO orders (${INSERT_COLUMNS.join(', ')}, status_changed_at, updated_at)
    SELECT ${INSERT_COLUMNS.map((column) => `r.${column}`).join(', ')}, r.created_at, r.created_at
    FROM json_populate_recordset(NULL::orders, $1::json) AS r
    WHERE r.from_name = ''
       OR NOT EXISTS (SELECT 1 FROM blacklist b WHERE b.merchant_uid = r.merchant_uid AND b.from_name = r.from_name)
    ON CONFLICT ON CONSTRAINT orders_merchant_order_unique DO NOTHING
    RETURNING *),
  created AS (
    INSERT INTO order_events (payment_uid, seq, from_status, to_status, cause, detail, at)
    SELECT payment_uid, 0, NULL, payment_status, 'created', '', created_at FROM inserted)
  SELECT * FROM inserted`);

/**
 * Inserts new collection orders and their first events in one statement (one transaction): the
 * rows travel as one JSON parameter, so the text is fixed and prepared whatever the count. An
 * order is left out, and absent from the answer, when its merchant already has its
 * merchant_order_id (an earlier order, or one before it in the same list) or its payer's name is
 * on the merchant's blacklist; the caller decides what each left-out order answers.
 * Answered by payment_uid.
 */
export async function insertOrders(tx: Queryable, orders: readonly NewOrder[]): Promise<Map<string, Order>> {
  const rows = orders.map((order) =>
    Object.fromEntries(INSERT_COLUMNS.map((column) => [column, order[column]])),
  );
  const inserted = await queryRows(tx, OrderRow, INSERT_MANY_SQL, [JSON.stringify(rows)]);
  return new Map(inserted.map((order) => [order.payment_uid, order]));
}

/** A payout's amount is held: its accounting is under way. */
export const markAccountingDelivered = rowQuery(
  OrderRow,
  `UPDATE orders SET accounting_status = 'delivered' WHERE payment_uid = $1 RETURNING *`,
  (paymentUid: string) => [paymentUid],
);

export interface StatusUpdate {
  readonly to: Order['payment_status'];
  readonly cause: string;
  readonly detail: string;
  readonly failReason: string;
  /** The payer-facing failure code (payer-reason.ts), '' when none. */
  readonly failCode: string;
  readonly finalAmount: number | null;
  readonly matchedUtr: string | null;
  /** The change posted the order's ledger event. */
  readonly accounted: boolean;
}

/**
 * What every change the merchant hears of sets besides its own columns, at the time in the
 * parameter `at`: the status sequence grows, and an order with a callback address has its callback
 * state set going again for the new status (setNotifyStatus keeps it in step from there).
 */
const statusChangedAt = (at: string) => `status_seq = status_seq + 1,
       status_changed_at = ${at},
       updated_at = ${at},
       notify_status = CASE WHEN notify_url <> '' THEN 'delivered' ELSE notify_status END,
       notify_fail_reason = CASE WHEN notify_url <> '' THEN '' ELSE notify_fail_reason END`;

/**
 * Moves the order from the status it was read in to `update.to` and records the change in its
 * history; undefined (nothing written) when another transaction changed the status first.
 */
export async function updateOrderStatus(
  tx: Queryable,
  order: Pick<Order, 'payment_uid' | 'payment_status'>,
  update: StatusUpdate,
  now: Date,
): Promise<Order | undefined> {
  const from = order.payment_status;
  return changeWithHistory(
    tx,
    `UPDATE orders SET
       payment_status = $3,
       payment_fail_reason = $4,
       final_amount = COALESCE($5, final_amount),
       matched_utr = COALESCE($6, matched_utr),
       ${statusChangedAt('$7')},
       accounting_status = CASE WHEN $8 THEN 'accounted' ELSE accounting_status END,
       fail_code = $9
     WHERE payment_uid = $1 AND payment_status = $2
     RETURNING *`,
    [
      order.payment_uid,
      from,
      update.to,
      update.failReason,
      update.finalAmount,
      update.matchedUtr,
      now,
      update.accounted,
      update.failCode,
    ],
    { from, to: update.to, cause: update.cause, detail: update.detail },
    now,
  );
}

/**
 * Records that a completed payout's money came back: its status stays completed (final), its
 * history gains the reversal and its status_seq grows, so the merchant's callback of it is not
 * taken for a repeat. Undefined when the order is not a completed payout or was reversed before.
 */
export async function markPayoutReversed(
  tx: Queryable,
  paymentUid: string,
  reason: string,
  now: Date,
): Promise<Order | undefined> {
  return changeWithHistory(
    tx,
    `UPDATE orders SET
       reversed_at = $2,
       reversal_reason = $3,
       ${statusChangedAt('$2')}
     WHERE payment_uid = $1 AND transaction_type = 'expense' AND payment_status = 'completed'
       AND reversed_at IS NULL
     RETURNING *`,
    [paymentUid, now, reason],
    { from: 'completed', to: 'completed', cause: 'reversal', detail: reason },
    now,
  );
}

/** A change in an order's history: from and to which status, why, and what else is worth knowing. */
interface HistoryEntry {
  readonly from: Order['payment_status'];
  readonly to: Order['payment_status'];
  readonly cause: string;
  readonly detail: string;
}

/**
 * Runs a change of the order (an UPDATE of one order RETURNING it, its status_seq grown) and, when
 * it changed the order, adds the change to the order's history under the new status_seq; undefined
 * when it changed nothing.
 */
async function changeWithHistory(
  tx: Queryable,
  sql: string,
  params: readonly SqlParam[],
  entry: HistoryEntry,
  now: Date,
): Promise<Order | undefined> {
  const updated = await queryRow(tx, OrderRow, sql, params);
  if (!updated) return undefined;
  await tx.query(
    `INSERT INTO order_events (payment_uid, seq, from_status, to_status, cause, detail, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [updated.payment_uid, updated.status_seq, entry.from, entry.to, entry.cause, entry.detail, now],
  );
  return updated;
}

/**
 * Keeps the order's notify_status in step with its latest callback. Leaves updated_at alone: it
 * tracks the payment, not delivery.
 */
export const setNotifyStatus = statement(
  `UPDATE orders SET notify_status = $2, notify_fail_reason = $3 WHERE payment_uid = $1`,
  (paymentUid: string, status: 'none' | 'delivered' | 'completed' | 'failed', reason: string) => [
    paymentUid,
    status,
    reason,
  ],
);

const FIND_BY_MERCHANT_ORDER_ID_SQL = prepared(
  'SELECT * FROM orders WHERE merchant_uid = $1 AND merchant_order_id = $2',
);
export const findOrderByMerchantOrderId = rowQuery(
  OrderRow,
  FIND_BY_MERCHANT_ORDER_ID_SQL,
  (merchantUid: string, merchantOrderId: string) => [merchantUid, merchantOrderId],
);

const FIND_ORDER_SQL = prepared('SELECT * FROM orders WHERE payment_uid = $1');
export async function findOrder(tx: Queryable, paymentUid: string): Promise<Order | undefined> {
  if (!isUuid(paymentUid)) return undefined;
  const row = await queryRow(tx, OrderRow, FIND_ORDER_SQL, [paymentUid]);
  return row;
}

export interface OrderForPayer {
  readonly order: Order;
  readonly merchant: Merchant;
  /** The UTRs claimed for the order, oldest first. */
  readonly claims: readonly { readonly utr: string }[];
}

/**
 * What the payer's status poll shows, in one query: the order, its merchant and its claimed UTRs
 * (as three separate reads would answer them); undefined for an unknown order.
 */
export async function findOrderForPayer(
  tx: Queryable,
  paymentUid: string,
): Promise<OrderForPayer | undefined> {
  if (!isUuid(paymentUid)) return undefined;
  const row = await queryRow(
    tx,
    PayerRow,
    `SELECT o.*, to_jsonb(m) AS merchant_row,
       ARRAY(SELECT c.utr FROM utr_claims c WHERE c.payment_uid = o.payment_uid ORDER BY c.claimed_at, c.utr)
         AS claim_utrs
     FROM orders o JOIN merchants m ON m.uid = o.merchant_uid
     WHERE o.payment_uid = $1`,
    [paymentUid],
  );
  if (!row) return undefined;
  const { merchant_row: merchant, claim_utrs: utrs, ...order } = row;
  return { order, merchant, claims: utrs.map((utr) => ({ utr })) };
}

/** The order with its merchant's row through to_jsonb (timestamps arrive as text) and its UTRs. */
const PayerRow = OrderRow.extend({
  merchant_row: MerchantRow.extend({ created_at: z.coerce.date(), updated_at: z.coerce.date() }),
  claim_utrs: z.array(z.string()),
});

/** Whether an order already holds this UTR (one UTR settles one order, system-wide). */
export async function isUtrMatched(tx: Queryable, utr: string): Promise<boolean> {
  return (
    (await queryRow(tx, PaymentUidRow, 'SELECT payment_uid FROM orders WHERE matched_utr = $1', [utr])) !==
    undefined
  );
}

const PaymentUidRow = z.object({ payment_uid: z.string() });

/** Reads and locks the order for the rest of the transaction. */
export async function lockOrder(tx: Queryable, paymentUid: string): Promise<Order | undefined> {
  if (!isUuid(paymentUid)) return undefined;
  const row = await queryRow(tx, OrderRow, 'SELECT * FROM orders WHERE payment_uid = $1 FOR UPDATE', [
    paymentUid,
  ]);
  return row;
}

export function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text);
}

const StoredStatus = z.enum(PAYMENT_STATUSES).exclude(['none']);

/** One change in an order's history: `created` (from null to pending), then each status change. */
const OrderEventRow = z.object({
  seq: z.number().int(),
  from_status: StoredStatus.nullable(),
  to_status: StoredStatus,
  cause: z.string(),
  detail: z.string(),
  at: z.date(),
});
export type OrderEvent = Readonly<z.infer<typeof OrderEventRow>>;

export const orderHistory = rowsQuery(
  OrderEventRow,
  'SELECT seq, from_status, to_status, cause, detail, at FROM order_events WHERE payment_uid = $1 ORDER BY seq',
  (paymentUid: string) => [paymentUid],
);

/** Pending orders whose expiry has come, oldest first, locked; rows another process holds are skipped. */
export const lockDueOrders = rowsQuery(
  OrderRow,
  `SELECT * FROM orders WHERE payment_status = 'pending' AND expires_at <= $1
   ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
  (now: Date, batch: number) => [now, batch],
);

/**
 * Collections in `processing` that expired before `cutoff` and have no claimed UTR with a credit,
 * locked; rows another process holds are skipped. A claimed UTR with a credit is settled in the
 * claim's or the credit's transaction; the NOT EXISTS keeps a sweep from racing a settlement that
 * is under way elsewhere.
 */
export const lockUnpaidClaimedOrders = rowsQuery(
  OrderRow,
  `SELECT * FROM orders o
   WHERE o.payment_status = 'processing' AND o.transaction_type = 'income' AND o.expires_at <= $1
     AND NOT EXISTS (
       SELECT 1 FROM utr_claims c JOIN bank_credits b ON b.utr = c.utr
       WHERE c.payment_uid = o.payment_uid)
   ORDER BY o.expires_at LIMIT $2 FOR UPDATE OF o SKIP LOCKED`,
  (cutoff: Date, batch: number) => [cutoff, batch],
);

export interface OrderListFilter {
  readonly merchantUid: string;
  readonly status: string;
  readonly limit: number;
}

/** Orders newest first, of one merchant and in one status when given. */
export const listOrders = rowsQuery(
  OrderRow,
  `SELECT * FROM orders WHERE ($1 = '' OR merchant_uid = $1) AND ($2 = '' OR payment_status = $2)
   ORDER BY created_at DESC LIMIT $3`,
  (filter: OrderListFilter) => [filter.merchantUid, filter.status, filter.limit],
);

const OrdersByStatusRow = z.object({
  kind: z.string(),
  status: z.string(),
  count: z.number().int(),
  amount: z.number().int(),
});
export type OrdersByStatus = z.infer<typeof OrdersByStatusRow>;

/** Orders created since `since`, counted and summed by kind and status. */
export const ordersCreatedSince = rowsQuery(
  OrdersByStatusRow,
  `SELECT transaction_type AS kind, payment_status AS status, count(*)::int AS count,
          coalesce(sum(amount), 0)::bigint AS amount
   FROM orders WHERE created_at >= $1 GROUP BY 1, 2 ORDER BY 1, 2`,
  (since: Date) => [since],
);

export interface OrderCriteria {
  /**
   * payment_uid, merchant_order_id, a UTR (claimed, matched or credited), whole or its beginning,
   * or a payer name prefix; '' for any.
   */
  readonly q: string;
  /** The amount `q` stands for, in paise, when it reads as one. */
  readonly amount: number | undefined;
  readonly merchantUid: string;
  readonly kind: '' | 'income' | 'expense';
  readonly statuses: readonly string[];
  /** Only orders with a callback that failed for good or is being retried after a failure. */
  readonly failingCallbacks: boolean;
  readonly from: Date | undefined;
  readonly to: Date | undefined;
  /** Keyset paging: the orders after this one in (created_at, payment_uid) descending. */
  readonly before: { readonly createdAt: Date; readonly paymentUid: string } | undefined;
  readonly limit: number;
}

const ListedOrderRow = OrderRow.extend({ merchant_name: z.string() });
export type ListedOrder = z.infer<typeof ListedOrderRow>;

/** What the bank and the payers said of a listed order: the UTRs claimed for it, the payer's name on its credit. */
export interface OrderCreditFacts {
  /** Oldest claim first. */
  readonly claimed_utrs: string[];
  /** From the credit matched to the order, else from a credit naming a UTR claimed for it; '' if none. */
  readonly credit_payer_name: string;
}

const CreditFactsRow = z.object({
  payment_uid: z.string(),
  claimed_utrs: z.array(z.string()),
  credit_payer_name: z.string(),
});

/** The credit facts of a page of orders, in one read (utr_claims_order and bank_credits_order serve it). */
export async function orderCreditFacts(
  tx: Queryable,
  paymentUids: readonly string[],
): Promise<Map<string, OrderCreditFacts>> {
  if (paymentUids.length === 0) return new Map();
  const rows = await queryRows(
    tx,
    CreditFactsRow,
    `SELECT o.payment_uid,
       ARRAY(SELECT c.utr FROM utr_claims c WHERE c.payment_uid = o.payment_uid ORDER BY c.claimed_at, c.utr)
         AS claimed_utrs,
       COALESCE(
         (SELECT b.payer_name FROM bank_credits b WHERE b.payment_uid = o.payment_uid AND b.payer_name <> ''
          ORDER BY b.created_at LIMIT 1),
         (SELECT b.payer_name FROM utr_claims c JOIN bank_credits b ON b.utr = c.utr
          WHERE c.payment_uid = o.payment_uid AND b.payer_name <> '' ORDER BY b.created_at LIMIT 1),
         '') AS credit_payer_name
     FROM unnest($1::text[]) AS o(payment_uid)`,
    [paymentUids],
  );
  return new Map(rows.map(({ payment_uid, ...facts }) => [payment_uid, facts]));
}

/**
 * The console's order search, newest first, with each order's merchant name. Each search term
 * has its own index (migrations 7 and 19): an identifier or UTR whole or by its first
 * PARTIAL_ID_LENGTH or more characters, a payer name or VPA by its beginning (the order's or its
 * credit's), an amount.
 */
export async function findOrders(tx: Queryable, criteria: OrderCriteria): Promise<ListedOrder[]> {
  const params: SqlParam[] = [];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (criteria.merchantUid) where.push(`o.merchant_uid = ${param(criteria.merchantUid)}`);
  if (criteria.kind) where.push(`o.transaction_type = ${param(criteria.kind)}`);
  if (criteria.statuses.length > 0) where.push(`o.payment_status = ANY(${param(criteria.statuses)})`);
  // The same rule as Today's failing callbacks (outbox-store.ts).
  if (criteria.failingCallbacks)
    where.push(
      `EXISTS (SELECT 1 FROM outbox x WHERE (x.state = 'failed' OR (x.state = 'pending' AND x.attempts > 0)) AND x.payment_uid = o.payment_uid)`,
    );
  if (criteria.from) where.push(`o.created_at >= ${param(criteria.from)}`);
  if (criteria.to) where.push(`o.created_at < ${param(criteria.to)}`);
  if (criteria.before) {
    where.push(
      `(o.created_at, o.payment_uid) < (${param(criteria.before.createdAt)}, ${param(criteria.before.paymentUid)})`,
    );
  }
  if (criteria.q) {
    const q = param(criteria.q);
    const name = param(likePrefix(criteria.q.toLowerCase()));
    // An identifier or UTR whole, or by its beginning once the term is long enough (the prefix
    // finds the whole term too). One branch per table: an OR over a table's indexes is one
    // bitmap scan, and the plan of three branches costs a fraction of that of twelve.
    const partial = criteria.q.length >= PARTIAL_ID_LENGTH ? param(likePrefix(criteria.q)) : undefined;
    const identifier = (column: string) => (partial ? `${column} LIKE ${partial}` : `${column} = ${q}`);
    const amount = criteria.amount === undefined ? '' : ` OR amount = ${param(criteria.amount)}`;
    const matches = [
      `SELECT payment_uid FROM orders
        WHERE ${identifier('payment_uid')} OR ${identifier('merchant_order_id')} OR matched_utr = ${q}
           OR (from_name <> '' AND lower(from_name) LIKE ${name})${amount}`,
      `SELECT payment_uid FROM utr_claims WHERE ${identifier('utr')}`,
      // The payer's name or VPA as the bank's credit gave it, for orders that carry none.
      `SELECT payment_uid FROM bank_credits
        WHERE (${identifier('utr')} OR (payer_name <> '' AND lower(payer_name) LIKE ${name})) AND payment_uid IS NOT NULL`,
    ];
    where.push(`o.payment_uid IN (${matches.join(' UNION ')})`);
  }
  return queryRows(
    tx,
    ListedOrderRow,
    `SELECT o.*, m.name AS merchant_name FROM orders o JOIN merchants m ON m.uid = o.merchant_uid
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY o.created_at DESC, o.payment_uid DESC LIMIT ${param(criteria.limit)}`,
    params,
  );
}
