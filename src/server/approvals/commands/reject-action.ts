/**
 * A second operator rejects a proposed manual money action, with a note (docs/money-controls.md,
 * Approvals): nothing of it ever runs. The same checks as an approval (undecided.ts), in one
 * transaction with the audit row naming proposer and rejecter.
 */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { type Approval, decideApproval, lockApproval } from '../approval-store.js';
import { type Undecided, undecided } from '../undecided.js';

export interface RejectAction {
  readonly approvalId: string;
  readonly rejecter: string;
  readonly note: string;
}

export type RejectOutcome = Undecided | { readonly kind: 'rejected'; readonly approval: Approval };

export async function rejectAction(deps: CommandDeps, input: RejectAction): Promise<RejectOutcome> {
  return runCommand(deps, async (tx, now): Promise<RejectOutcome> => {
    const found = await lockApproval(tx, input.approvalId);
    const refused = await undecided(tx, found, input.rejecter, now);
    if (refused || !found) return refused ?? { kind: 'no_approval' };
    const approval = await decideApproval(
      tx,
      found.id,
      { state: 'rejected', by: input.rejecter, note: input.note, outcome: null },
      now,
    );
    await recordAction(
      tx,
      now,
      { actor: input.rejecter, note: input.note },
      {
        action: 'approval.reject',
        subject: `approval:${approval.id}`,
        before: { state: 'awaiting_approval', proposed_by: approval.proposed_by },
        after: {
          state: 'rejected',
          action: approval.action,
          subject: approval.subject,
          proposed_by: approval.proposed_by,
          rejected_by: input.rejecter,
        },
      },
    );
    return { kind: 'rejected', approval };
  });
}
