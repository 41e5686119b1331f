/**
 * Why a proposal cannot be decided by this operator now, or undefined when it can: there is no such
 * proposal, it was already decided, it expired (marked so here, in the caller's transaction), or
 * the operator is its proposer (payouts/second-operator.ts: the same rule as a payout batch's).
 */
import { isSecondOperator } from '../payouts/second-operator.js';
import type { Queryable } from '../store/db.js';
import { type Approval, decideApproval } from './approval-store.js';

export type Undecided =
  | { readonly kind: 'no_approval' }
  | { readonly kind: 'decided'; readonly approval: Approval }
  | { readonly kind: 'expired'; readonly approval: Approval }
  | { readonly kind: 'same_operator'; readonly approval: Approval };

export async function undecided(
  tx: Queryable,
  approval: Approval | undefined,
  operator: string,
  now: Date,
): Promise<Undecided | undefined> {
  if (!approval) return { kind: 'no_approval' };
  if (approval.state !== 'awaiting_approval') return { kind: 'decided', approval };
  if (approval.expires_at.getTime() <= now.getTime()) {
    const expired = await decideApproval(
      tx,
      approval.id,
      { state: 'expired', by: null, note: '', outcome: null },
      now,
    );
    return { kind: 'expired', approval: expired };
  }
  if (!isSecondOperator(approval.proposed_by, operator)) return { kind: 'same_operator', approval };
  return undefined;
}
