/**
 * The one table of allowed payment_status changes (decisions B.7). change-status.ts is the only
 * code that changes payment_status, and it consults this table; the store's trigger protects the
 * final states on top.
 */
import type { PaymentStatus, TransactionType } from '../../shared/order-status.js';

export type StoredStatus = Exclude<PaymentStatus, 'none'>;

export const TRANSITIONS: Readonly<Record<TransactionType, Readonly<Partial<Record<StoredStatus, readonly StoredStatus[]>>>>> = {
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
export type ChangeCause = 'utr_claim' | 'bank_credit' | 'expiry' | 'channel' | 'operator';
