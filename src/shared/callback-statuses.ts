/**
 * Which status changes a merchant is called back about (docs/merchant-api.md, Callbacks): `all`
 * (the interface's default, every change) or `final` (only the statuses a merchant acts on). Shared
 * by the service and the operator console.
 */
import type { PaymentStatus } from './order-status.js';

export const CALLBACK_STATUSES = ['all', 'final'] as const;
export type CallbackStatuses = (typeof CALLBACK_STATUSES)[number];

/**
 * The statuses sent under `final`. A collection's `failed` and `overdue` are included although a
 * late payment can still complete it (a `completed` callback then follows).
 */
export const ACTIONABLE_STATUSES: ReadonlySet<PaymentStatus> = new Set([
  'completed',
  'reject',
  'refund',
  'failed',
  'overdue',
]);

/** Whether an order now in `status` is called back to a merchant with this setting. */
export function isCalledBack(setting: CallbackStatuses, status: PaymentStatus): boolean {
  return setting === 'all' || ACTIONABLE_STATUSES.has(status);
}
