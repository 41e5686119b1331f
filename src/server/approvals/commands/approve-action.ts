/**
 * A second operator approves a proposed manual money action (docs/money-controls.md, Approvals).
 * In one transaction: the proposal is locked, must still await approval and not have expired, and
 * the approver must not be its proposer (payouts/second-operator.ts; the store refuses it too);
 * then the action runs through the same domain function as when dual control is off, re-checking
 * everything as of now, and the proposal is marked approved with what the action did, with an
 * audit row naming proposer and approver beside the action's own. An action refused now (an order
 * completed meanwhile, a UTR taken) rolls back; the proposal is then marked failed with the
 * reason, in a transaction of its own, and nothing moves.
 */
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import type { ManualRefusal } from '../../credits/manual-result.js';
import type { Queryable } from '../../store/db.js';
import { type Approval, decideApproval, lockApproval } from '../approval-store.js';
import { fieldsOf, prepareAction } from '../manual-actions.js';
import { type Undecided, undecided } from '../undecided.js';

export interface ApproveAction {
  readonly approvalId: string;
  readonly approver: string;
  readonly note: string;
}

export type ApprovalOutcome =
  | Undecided
  | { readonly kind: 'approved'; readonly approval: Approval }
  | { readonly kind: 'failed'; readonly approval: Approval; readonly refusal: ManualRefusal };

class Refused {
  constructor(readonly refusal: ManualRefusal) {}
}

export async function approveAction(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: ApproveAction,
): Promise<ApprovalOutcome> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx): Promise<ApprovalOutcome> => {
      const found = await lockApproval(tx, input.approvalId);
      const refused = await undecided(tx, found, input.approver, now);
      if (refused || !found) return refused ?? { kind: 'no_approval' };
      const done = await prepareAction(found.action, found.payload).run(
        tx,
        { actor: input.approver, note: actionNote(found) },
        now,
      );
      if (!done.ok) throw new Refused(done);
      const approval = await decideApproval(
        tx,
        found.id,
        { state: 'approved', by: input.approver, note: input.note, outcome: fieldsOf(done.value) },
        now,
      );
      await audit(tx, approval, now);
      return { kind: 'approved', approval };
    });
  } catch (thrown) {
    if (!(thrown instanceof Refused)) throw thrown;
    const { refusal } = thrown;
    return deps.db.transaction(async (tx): Promise<ApprovalOutcome> => {
      const found = await lockApproval(tx, input.approvalId);
      const refused = await undecided(tx, found, input.approver, now);
      if (refused || !found) return refused ?? { kind: 'no_approval' };
      const outcome = [
        { name: 'error', value: refusal.code },
        { name: 'details', value: refusal.details },
      ];
      const approval = await decideApproval(
        tx,
        found.id,
        { state: 'failed', by: input.approver, note: input.note, outcome },
        now,
      );
      await audit(tx, approval, now);
      return { kind: 'failed', approval, refusal };
    });
  }
}

/** The note the action's own audit row carries: the proposer's, and whose proposal it was. */
function actionNote(approval: Approval): string {
  const origin = `proposed by ${approval.proposed_by} (approval ${approval.id})`;
  return (approval.note ? `${approval.note}; ${origin}` : origin).slice(0, 500);
}

async function audit(tx: Queryable, approval: Approval, now: Date): Promise<void> {
  await recordAction(
    tx,
    now,
    { actor: approval.decided_by ?? '', note: approval.decision_note },
    {
      action: 'approval.approve',
      subject: `approval:${approval.id}`,
      before: { state: 'awaiting_approval', proposed_by: approval.proposed_by },
      after: {
        state: approval.state,
        action: approval.action,
        subject: approval.subject,
        proposed_by: approval.proposed_by,
        approved_by: approval.decided_by,
        outcome: approval.outcome,
      },
    },
  );
}
