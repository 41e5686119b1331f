/**
 * The figures of the console's Today screen: orders created since midnight in India (IST) by kind
 * and status, with count and amount; bank credits received today and how many matched; credits
 * waiting for an order; orders per merchant whose callback failed for good or is being retried after a failure.
 */
import type { TodaySummary } from '../../shared/console-views.js';
import { formatAmount } from '../../shared/money.js';
import type { Queryable } from '../store/db.js';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Midnight in India (UTC+05:30, no daylight saving) of the day that contains `now`. */
export function startOfIstDay(now: Date): Date {
  const shifted = now.getTime() + IST_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - IST_OFFSET_MS);
}

export async function todaySummary(db: Queryable, now: Date): Promise<TodaySummary> {
  const since = startOfIstDay(now);
  const [orders, credits, failing] = await Promise.all([
    db.query<{ kind: string; status: string; count: number; amount: number }>(
      `SELECT transaction_type AS kind, payment_status AS status, count(*)::int AS count,
              coalesce(sum(amount), 0)::bigint AS amount
       FROM orders WHERE created_at >= $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [since],
    ),
    db.query<{ received: number; matched: number; waiting: number }>(
      `SELECT count(*) FILTER (WHERE created_at >= $1)::int AS received,
              count(*) FILTER (WHERE created_at >= $1 AND payment_uid IS NOT NULL)::int AS matched,
              count(*) FILTER (WHERE payment_uid IS NULL)::int AS waiting
       FROM bank_credits`,
      [since],
    ),
    db.query<{ merchant_uid: string; merchant_name: string; count: number }>(
      `SELECT o.merchant_uid, m.name AS merchant_name, count(DISTINCT x.payment_uid)::int AS count
       FROM outbox x JOIN orders o ON o.payment_uid = x.payment_uid JOIN merchants m ON m.uid = o.merchant_uid
       WHERE (x.state = 'failed' OR (x.state = 'pending' AND x.attempts > 0))
       GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 50`,
    ),
  ]);
  return {
    since: since.toISOString(),
    orders: orders.map((row) => ({ ...row, amount: formatAmount(Number(row.amount)) })),
    credits: credits[0] ?? { received: 0, matched: 0, waiting: 0 },
    failing_callbacks: failing,
  };
}
