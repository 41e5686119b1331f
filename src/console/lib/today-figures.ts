import type { TodaySummary } from '../../shared/console-views.js';
import { sumAmounts } from './format-inr.js';

/**
 * The five columns of the Today table and the stored statuses each one gathers: orders that ran
 * out of time (failed, overdue: a late credit may still complete them) apart from orders refused
 * for good (reject, refund).
 */
export const STATUS_GROUPS = [
  { label: 'Completed', statuses: ['completed'] },
  { label: 'Pending', statuses: ['pending', 'preparing'] },
  { label: 'Processing', statuses: ['processing'] },
  { label: 'Expired', statuses: ['failed', 'overdue'] },
  { label: 'Rejected', statuses: ['reject', 'refund'] },
] as const;

export interface Figure {
  readonly count: number;
  readonly amount: string;
  /** The stored statuses behind the figure, for the link to its list. */
  readonly status: string;
}

export interface KindRow {
  readonly kind: 'income' | 'expense';
  readonly label: string;
  readonly figures: readonly Figure[];
}

export function todayRows(summary: TodaySummary): KindRow[] {
  return (['income', 'expense'] as const).map((kind) => ({
    kind,
    label: kind === 'income' ? 'Collections' : 'Payouts',
    figures: STATUS_GROUPS.map((group) => {
      const rows = summary.orders.filter(
        (row) => row.kind === kind && (group.statuses as readonly string[]).includes(row.status),
      );
      return {
        count: rows.reduce((total, row) => total + row.count, 0),
        amount: sumAmounts(rows.map((row) => row.amount)),
        status: group.statuses.join(','),
      };
    }),
  }));
}

/** Share of today's bank credits matched to an order, as "87.5%", or "—" when none arrived. */
export function matchRate(received: number, matched: number): string {
  if (received === 0) return '—';
  const tenths = Math.round((matched / received) * 1000);
  return `${tenths / 10}%`;
}
