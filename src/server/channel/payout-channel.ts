import type { Order } from '../orders/order.js';

/** What the bank side says a payout should do next. */
export type PayoutStep =
  | { readonly kind: 'wait' }
  | { readonly kind: 'advance'; readonly to: 'preparing' | 'processing' | 'completed' }
  | { readonly kind: 'fail'; readonly to: 'failed' | 'reject'; readonly reason: string };

/**
 * The adapter between the lifecycle and a bank. It is asked outside any transaction (a real
 * bank call may be slow); the lifecycle applies the step in a transaction afterwards.
 */
export interface PayoutChannel {
  readonly name: string;
  next(order: Order, now: Date): Promise<PayoutStep>;
}
