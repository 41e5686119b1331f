/**
 * The callback outbox. A row is written in the same transaction as the status change it reports,
 * so a change and its callback are committed together or not at all.
 */
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';

/** Lets the process that committed a change wake its dispatcher at once instead of at the next poll. */
export interface OutboxSignal {
  wake(): void;
}

export const idleSignal: OutboxSignal = { wake: () => undefined };

export async function enqueueCallback(tx: Queryable, order: Order, now: Date): Promise<void> {
  if (order.notify_url === '') return;
  await tx.query(
    `INSERT INTO outbox (payment_uid, status_seq, payment_status, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4, $4)`,
    [order.payment_uid, order.status_seq, order.payment_status, now],
  );
}
