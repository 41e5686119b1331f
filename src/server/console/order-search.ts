/**
 * The console's order list: search by payment_uid, merchant_order_id, UTR (claimed, matched or
 * credited), payer name (prefix, any case) or amount, filters by merchant, kind, status and
 * creation time, paged on the server by a keyset cursor over (created_at, payment_uid) so every
 * page costs the same at any depth. Each search term has its own index (migration 7).
 */
import { z } from 'zod';
import type { OrderListRow, OrderPage } from '../../shared/console-views.js';
import { PAYMENT_STATUSES } from '../../shared/order-status.js';
import { parseIndianAmount } from '../credits/indian-amount.js';
import { invalidField } from '../errors.js';
import type { Order } from '../orders/order.js';
import { findOrders, type OrderCreditFacts, orderCreditFacts } from '../orders/order-store.js';
import { orderListFields } from '../orders/order-views.js';
import type { Queryable } from '../store/db.js';

/** The statuses an order row can hold (the interface lists `none` too, but no order is ever in it). */
const STATUSES = PAYMENT_STATUSES.filter((status) => status !== 'none');

export const OrderSearchSchema = z.object({
  q: z.string().trim().max(128).default(''),
  merchant_uid: z.string().max(64).default(''),
  kind: z.enum(['income', 'expense', '']).default(''),
  /** One status or several separated by commas ("failed,reject,overdue"). */
  status: z
    .string()
    .default('')
    .refine(
      (text) =>
        text === '' || text.split(',').every((status) => (STATUSES as readonly string[]).includes(status)),
      `must be one or more of ${STATUSES.join(', ')}, separated by commas`,
    ),
  /** `failing`: orders with a callback that failed for good or is being retried after a failure. */
  callback: z.enum(['failing', '']).default(''),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OrderSearch = z.infer<typeof OrderSearchSchema>;

export interface Cursor {
  readonly createdAt: string;
  readonly paymentUid: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.paymentUid}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const [createdAt = '', paymentUid = ''] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (Number.isNaN(Date.parse(createdAt)) || paymentUid === '')
    throw invalidField('cursor', 'not a cursor from a previous page');
  return { createdAt, paymentUid };
}

export async function searchOrders(db: Queryable, search: OrderSearch): Promise<OrderPage> {
  const cursor = search.cursor ? decodeCursor(search.cursor) : undefined;
  const rows = await findOrders(db, {
    q: search.q,
    amount: searchedAmount(search.q),
    merchantUid: search.merchant_uid,
    kind: search.kind,
    statuses: search.status ? search.status.split(',') : [],
    failingCallbacks: search.callback === 'failing',
    from: search.from ? new Date(search.from) : undefined,
    to: search.to ? new Date(search.to) : undefined,
    before: cursor && { createdAt: new Date(cursor.createdAt), paymentUid: cursor.paymentUid },
    limit: search.limit + 1,
  });
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  const facts = await orderCreditFacts(
    db,
    page.map((order) => order.payment_uid),
  );
  return {
    orders: page.map((order) => listRow(order, facts.get(order.payment_uid) ?? NO_CREDIT_FACTS)),
    next_cursor:
      rows.length > search.limit && last
        ? encodeCursor({ createdAt: last.created_at.toISOString(), paymentUid: last.payment_uid })
        : null,
  };
}

/**
 * The amount a search term stands for, in any form the console shows one: 1,499.00, 1499, 1499.0,
 * ₹1,499 (Indian or western grouping). A 12-digit term is a UTR, never an amount.
 */
export function searchedAmount(term: string): number | undefined {
  if (/^\d{12}$/.test(term)) return undefined;
  const amount = parseIndianAmount(term);
  return amount !== undefined && amount > 0 ? amount : undefined;
}

const NO_CREDIT_FACTS: OrderCreditFacts = { claimed_utrs: [], credit_payer_name: '' };

export function listRow(order: Order & { merchant_name: string }, facts: OrderCreditFacts): OrderListRow {
  // The merchant's fields after payment_uid, where the answer has always had them.
  const { payment_uid, ...fields } = orderListFields(order);
  return {
    payment_uid,
    merchant_uid: order.merchant_uid,
    merchant_name: order.merchant_name,
    ...fields,
    ...facts,
  };
}
