import type { Order } from '../orders/order.js';
import type { Payout } from './payout.js';

/** What the bank side says a payout should do next. */
export type PayoutStep =
  | { readonly kind: 'wait' }
  | {
      readonly kind: 'advance';
      readonly to: 'preparing' | 'processing' | 'completed';
      /** The bank's UTR of the transfer, recorded on the order when it completes. */
      readonly utr?: string | undefined;
    }
  | { readonly kind: 'fail'; readonly to: 'failed' | 'reject'; readonly reason: string };

/**
 * The adapter between the lifecycle and a bank. It is asked outside any transaction (a real
 * bank call may be slow); the lifecycle applies the step in a transaction afterwards, walking the
 * allowed transitions up to the step's status (a provider may answer `processed` for a payout we
 * still hold as pending).
 */
export interface PayoutChannel {
  readonly name: string;
  /** `payout` is the payout's row (its reference, its provider's id), absent for payouts older than it. */
  next(order: Order, now: Date, payout?: Payout): Promise<PayoutStep>;
}
