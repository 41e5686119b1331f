import { useEffect } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { embedTargets } from '../lib/embed-targets.js';

export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The message an embedding page receives on every status change. */
export interface CheckoutStatusMessage {
  readonly type: 'checkout:status';
  readonly payment_uid: string;
  readonly merchant_order_id: string;
  readonly payment_status: string;
}

/** Tells the embedding page (if any) about status changes, posting to allowed origins only. */
export function useEmbedStatus(parent: ParentWindow | undefined, order: PayerOrder | undefined): void {
  const status = order?.payment_status;
  useEffect(() => {
    if (!parent || !order) return;
    const message: CheckoutStatusMessage = {
      type: 'checkout:status',
      payment_uid: order.payment_uid,
      merchant_order_id: order.merchant_order_id,
      payment_status: order.payment_status,
    };
    for (const origin of embedTargets(order.embed_origins)) parent.postMessage(message, origin);
    // Only a status change is news for the parent.
  }, [parent, status]);
}
