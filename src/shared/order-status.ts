/** Enumerations of the merchant API (docs/merchant-api.md, States), shared by the service and the checkout page. */
export const PAYMENT_STATUSES = [
  'none',
  'pending',
  'preparing',
  'processing',
  'completed',
  'failed',
  'reject',
  'refund',
  'overdue',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set(['completed', 'reject', 'refund']);

export function isFinalStatus(status: PaymentStatus): boolean {
  return FINAL_STATUSES.has(status);
}

export const NOTIFY_STATUSES = ['none', 'delivered', 'completed', 'failed'] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];

export const ACCOUNTING_STATUSES = ['none', 'delivered', 'accounted', 'failed'] as const;
export type AccountingStatus = (typeof ACCOUNTING_STATUSES)[number];

export const TRANSACTION_TYPES = ['income', 'expense'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const PAYTERMS = ['UPI', 'IMPS'] as const;
export type Payterm = (typeof PAYTERMS)[number];

export const ACCOUNTING_TYPES = ['recharge', 'receive', 'pay', 'settle'] as const;
export type AccountingType = (typeof ACCOUNTING_TYPES)[number];
