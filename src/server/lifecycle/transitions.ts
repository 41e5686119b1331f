/**
 * The one table of allowed payment_status changes (docs/decisions/0002-open-points.md,
 * Payment states and transitions). change-status.ts is the only
 * code that changes payment_status, and it consults this table; the store's trigger protects the
 * final states on top.
 */
import type { PaymentStatus, TransactionType } from '../../shared/order-status.js';

export type StoredStatus = Exclude<PaymentStatus, 'none'>;

export const TRANSITIONS: Readonly<
  Record<TransactionType, Readonly<Partial<Record<StoredStatus, readonly StoredStatus[]>>>>
> = {
  income: {
    pending: ['processing', 'overdue', 'failed'],
    processing: ['completed', 'reject', 'failed', 'refund'],
    overdue: ['processing', 'refund'],
    failed: ['processing', 'refund'],
  },
  expense: {
    pending: ['preparing', 'failed', 'reject'],
    preparing: ['processing', 'failed', 'reject'],
    processing: ['completed', 'failed', 'reject'],
  },
};

export function canTransition(kind: TransactionType, from: StoredStatus, to: StoredStatus): boolean {
  return TRANSITIONS[kind][from]?.includes(to) ?? false;
}

/** What caused a status change; kept in the order's history. */
export type ChangeCause =
  | 'utr_claim'
  | 'bank_credit'
  | 'expiry'
  | 'channel'
  | 'operator'
  /** A completed payout's money came back (lifecycle/reverse-payout.ts); the status stays completed. */
  | 'reversal';

/** The shortest chain of allowed changes from one status to another (empty when none exists). */
export function pathTo(kind: TransactionType, from: StoredStatus, to: StoredStatus): StoredStatus[] {
  const previous = new Map<StoredStatus, StoredStatus>();
  const queue: StoredStatus[] = [from];
  const seen = new Set<StoredStatus>([from]);
  while (queue.length > 0) {
    const current = queue.shift() as StoredStatus;
    if (current === to) break;
    for (const next of TRANSITIONS[kind][current] ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, current);
      queue.push(next);
    }
  }
  if (from === to || !previous.has(to)) return [];
  const path: StoredStatus[] = [];
  for (
    let step: StoredStatus | undefined = to;
    step !== undefined && step !== from;
    step = previous.get(step)
  ) {
    path.unshift(step);
  }
  return path;
}
