/**
 * The announcement that an order's payer view changed (its status, or a UTR claimed for it),
 * sent in the writer's transaction so that every process hears it at commit and only then.
 * The payload is the order's payment_uid.
 */
import type { Queryable } from '../store/db.js';

export const ORDER_CHANGES_CHANNEL = 'order_changes';

export async function announceOrderChange(tx: Queryable, paymentUid: string): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [ORDER_CHANGES_CHANNEL, paymentUid]);
}
