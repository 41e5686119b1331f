/**
 * The figures of the console's Today screen: orders created since midnight in India (IST) by kind
 * and status, with count and amount; bank credits received today and how many matched; credits
 * waiting for an order; orders per merchant whose callback failed for good or is being retried after a failure;
 * the count of each kind of case in the Needs attention queue.
 */
import type { TodaySummary } from '../../shared/console-views.js';
import { formatAmount } from '../../shared/money.js';
import { countAwaitingApproval } from '../approvals/approval-store.js';
import { creditCountsSince } from '../credits/credit-store.js';
import { failingCallbacksByMerchant } from '../notify/outbox-store.js';
import { ordersCreatedSince } from '../orders/order-store.js';
import type { Queryable } from '../store/db.js';
import type { AttentionContext } from './attention/attention-kind.js';
import { needsAttention } from './attention/needs-attention.js';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Midnight in India (UTC+05:30, no daylight saving) of the day that contains `now`. */
export function startOfIstDay(now: Date): Date {
  const shifted = now.getTime() + IST_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - IST_OFFSET_MS);
}

export async function todaySummary(db: Queryable, context: AttentionContext): Promise<TodaySummary> {
  const since = startOfIstDay(context.now);
  const [orders, credits, failing, attention, awaiting] = await Promise.all([
    ordersCreatedSince(db, since),
    creditCountsSince(db, since),
    failingCallbacksByMerchant(db),
    needsAttention(db, { ...context, limit: 1 }),
    countAwaitingApproval(db, context.now),
  ]);
  return {
    since: since.toISOString(),
    orders: orders.map((row) => ({ ...row, amount: formatAmount(row.amount) })),
    credits,
    failing_callbacks: failing,
    attention: attention.counts,
    dual_control: context.config.dualControl ? 'on' : 'off',
    mode: context.config.mode,
    awaiting_approval: awaiting,
  };
}
