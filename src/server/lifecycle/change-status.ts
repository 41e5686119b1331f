/**
 * The only code path that changes an order's payment_status. In the caller's transaction it
 * checks the transition table, updates the order (guarded by the status it read), records the
 * change in the order's history, posts the ledger event the change implies, and writes the
 * callback to the outbox, so all of them commit together or not at all. The store announces the
 * change in the same transaction (order-changes.ts), so every process hears it at commit.
 */
import { type Collection, type LedgerEvent, post } from '../ledger/ledger.js';
import { enqueueCallback } from '../notify/outbox-store.js';
import type { Order } from '../orders/order.js';
import { updateOrderStatus } from '../orders/order-store.js';
import type { Queryable } from '../store/db.js';
import { type ChangeCause, canTransition, type StoredStatus } from './transitions.js';

export interface StatusChange {
  readonly to: StoredStatus;
  readonly cause: ChangeCause;
  /** Free text for the history (e.g. the UTR or the operator's note). */
  readonly detail?: string;
  readonly failReason?: string;
  /** A stable code for the payer's page (`no_payment`, `operator_failed`, ...); see payer-reason.ts. */
  readonly failCode?: string;
  readonly finalAmount?: number;
  readonly matchedUtr?: string;
  /** A collection completed by a credit: the credit's suspense account, and whether its money is pending. */
  readonly collection?: Collection;
}

export type ChangeResult =
  | { readonly kind: 'changed'; readonly order: Order }
  | { readonly kind: 'refused'; readonly from: StoredStatus; readonly to: StoredStatus };

export async function changeStatus(
  tx: Queryable,
  order: Order,
  change: StatusChange,
  now: Date,
): Promise<ChangeResult> {
  const from = order.payment_status;
  if (!canTransition(order.transaction_type, from, change.to))
    return { kind: 'refused', from, to: change.to };
  const ledgerEvent = ledgerEventFor(order, change.to);
  const updated = await updateOrderStatus(
    tx,
    order,
    {
      to: change.to,
      cause: change.cause,
      detail: change.detail ?? '',
      failReason: change.failReason ?? '',
      failCode: change.failCode ?? '',
      finalAmount: change.finalAmount ?? null,
      matchedUtr: change.matchedUtr ?? null,
      accounted: ledgerEvent !== undefined,
    },
    now,
  );
  // Another transaction changed the status first (the caller should have locked the row).
  if (!updated) return { kind: 'refused', from, to: change.to };
  if (ledgerEvent) await post(tx, updated, ledgerEvent, now, change.collection);
  await enqueueCallback(tx, updated, now);
  return { kind: 'changed', order: updated };
}

/** The money movement a status change implies, if any. */
function ledgerEventFor(order: Order, to: StoredStatus): LedgerEvent | undefined {
  if (order.transaction_type === 'income') return to === 'completed' ? 'collected' : undefined;
  if (to === 'completed') return 'paid_out';
  if (to === 'failed' || to === 'reject') return 'released';
  return undefined;
}
