import type { PayerOrder } from '../../shared/payer-order.js';

/** Which screen an order shows. Purely a function of the order and whether its time ran out. */
export type OrderView =
  | 'pay'
  | 'verifying'
  | 'success'
  | 'rejected'
  | 'failed'
  | 'expired'
  | 'refunded'
  | 'payout';

export function orderView(order: PayerOrder, timeIsUp: boolean): OrderView {
  if (order.transaction_type === 'expense') return 'payout';
  switch (order.payment_status) {
    case 'processing':
      return 'verifying';
    case 'completed':
      return 'success';
    case 'reject':
      return 'rejected';
    case 'failed':
      return 'failed';
    case 'refund':
      return 'refunded';
    case 'overdue':
      return 'expired';
    default:
      // pending, preparing, none: payable until the server's expiry passes.
      return timeIsUp ? 'expired' : 'pay';
  }
}

/** Only success counts down to `redirect_url`; every other screen waits for the payer's tap. */
export function redirectsByItself(view: OrderView): boolean {
  return view === 'success';
}

/** Screens that still take a (late) UTR. */
export function acceptsUtr(view: OrderView): boolean {
  return view === 'pay' || view === 'expired' || view === 'failed';
}
