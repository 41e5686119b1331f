import type { QueryView } from '../../shared/order-view-schemas.js';

export type OrderAction =
  | { readonly kind: 'resend'; readonly label: string }
  | {
      readonly kind: 'status';
      readonly label: string;
      readonly status: string;
      readonly reasonRequired: boolean;
    };

const FINAL = new Set(['completed', 'reject', 'refund']);

/**
 * The actions the order's state allows, as the operator API's transition rules do: a collection
 * can be failed while pending or processing, rejected while processing, and refunded once
 * processing, failed or overdue (an operator never
 * completes one: only a bank credit does); a payout's outcome can be set until it is final;
 * a callback can be resent whenever the order has a notify_url.
 */
export function orderActions(
  order: Pick<QueryView, 'notify_url' | 'payment_status' | 'transaction_type'>,
): OrderAction[] {
  const actions: OrderAction[] = [];
  if (order.notify_url) actions.push({ kind: 'resend', label: 'Resend callback' });
  const status = order.payment_status;
  if (order.transaction_type === 'income') {
    if (status === 'pending' || status === 'processing') {
      actions.push({ kind: 'status', label: 'Fail', status: 'failed', reasonRequired: true });
    }
    if (status === 'processing')
      actions.push({ kind: 'status', label: 'Reject', status: 'reject', reasonRequired: true });
    if (status === 'processing' || status === 'failed' || status === 'overdue') {
      actions.push({ kind: 'status', label: 'Refund', status: 'refund', reasonRequired: true });
    }
  } else if (!FINAL.has(status) && status !== 'failed') {
    actions.push({ kind: 'status', label: 'Mark paid out', status: 'completed', reasonRequired: false });
    actions.push({ kind: 'status', label: 'Fail payout', status: 'failed', reasonRequired: true });
    actions.push({ kind: 'status', label: 'Reject payout', status: 'reject', reasonRequired: true });
  }
  return actions;
}
