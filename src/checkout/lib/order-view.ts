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

/** Screens that end the payer's visit: they count down to `redirect_url`. */
export function isClosingView(view: OrderView): boolean {
  return view === 'success' || view === 'rejected' || view === 'refunded';
}

/** Screens that still take a (late) UTR. */
export function acceptsUtr(view: OrderView): boolean {
  return view === 'pay' || view === 'expired' || view === 'failed';
}
