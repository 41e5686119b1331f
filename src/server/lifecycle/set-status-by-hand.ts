/**
 * An operator sets an order's status, audited, in the caller's transaction. A collection completes
 * only through a bank credit, so operators may fail, reject or refund it, or reopen a failed one
 * (to processing), one allowed step at a time. A payout's outcome comes from the bank, which the operator may stand in for: the chain of
 * allowed steps is walked, each step a status change of its own (history, ledger, callback). Run
 * at once (commands/set-order-status.ts) or, under dual control, once a second operator approves
 * it (approvals/manual-actions.ts).
 */

import type { PayerReasonCode } from '../../shared/payer-reason.js';
import { recordAction } from '../audit/record-action.js';
import type { DomainStep } from '../command.js';
import type { Order } from '../orders/order.js';
import { lockOrder } from '../orders/order-store.js';
import { changeStatus } from './change-status.js';
import { canTransition, pathTo, type StoredStatus } from './transitions.js';

export interface SetOrderStatus {
  readonly paymentUid: string;
  readonly status: StoredStatus;
  /** Why, for the order's history and, on the final step, its failure reason. */
  readonly reason: string | undefined;
  readonly note: string | undefined;
  readonly actor: string;
}

export type StatusSet =
  | { readonly kind: 'changed'; readonly order: Order }
  | { readonly kind: 'no_order' }
  /** No allowed chain of steps leads there. */
  | { readonly kind: 'refused'; readonly details: string };

export const setStatusByHand: DomainStep<SetOrderStatus, StatusSet> = async (tx, input, now) => {
  const locked = await lockOrder(tx, input.paymentUid);
  if (!locked) return { kind: 'no_order' };
  const path = operatorPath(locked, input.status);
  if (path.length === 0) {
    return {
      kind: 'refused',
      details: `status: cannot go from ${locked.payment_status} to ${input.status}`,
    };
  }
  let current = locked;
  for (const to of path) {
    const failReason = to === input.status ? input.reason : undefined;
    const change = {
      to,
      cause: 'operator' as const,
      detail: input.reason ?? '',
      ...(failReason ? { failReason } : {}),
      ...operatorFailCode(to),
    };
    const result = await changeStatus(tx, current, change, now);
    // The order is locked and the path follows the transition table: a refusal is a bug.
    if (result.kind === 'refused') throw new Error(`status: refused ${result.from} -> ${result.to}`);
    current = result.order;
  }
  await recordAction(
    tx,
    now,
    { actor: input.actor, note: input.note ?? input.reason },
    {
      action: 'order.status',
      subject: `order:${locked.payment_uid}`,
      before: { payment_status: locked.payment_status },
      after: { payment_status: current.payment_status, steps: path },
    },
  );
  return { kind: 'changed', order: current };
};

/** The chain of steps an operator may take to `to`; empty when none may. */
function operatorPath(order: Order, to: StoredStatus): StoredStatus[] {
  if (order.transaction_type === 'expense') return pathTo('expense', order.payment_status, to);
  const operatorMay: readonly StoredStatus[] = ['failed', 'reject', 'refund'];
  // Reopening a failed order (to processing) is the operator's alone: the payer's claims are
  // refused once an operator failed it (credits/matching/decide.ts).
  const reopens = to === 'processing' && order.payment_status === 'failed';
  return (operatorMay.includes(to) || reopens) && canTransition('income', order.payment_status, to)
    ? [to]
    : [];
}

/** The payer-facing code of a status the operator set (the payer's page explains it). */
function operatorFailCode(to: StoredStatus): { failCode?: PayerReasonCode } {
  if (to === 'failed') return { failCode: 'operator_failed' };
  if (to === 'reject') return { failCode: 'operator_rejected' };
  if (to === 'refund') return { failCode: 'refunded' };
  return {};
}
