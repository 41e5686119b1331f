/**
 * An operator proposes a manual money action under dual control (docs/money-controls.md,
 * Approvals). The action is run once and rolled back, so the proposal shows what it would do as of
 * now and an action that would be refused (no such order, a UTR in use) is refused at once; then
 * the proposal is stored, with its audit row, in a transaction of its own. Nothing moves until a
 * second operator approves it (approve-action.ts).
 */
import type { ApprovalAction } from '../../../shared/approval-views.js';
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import type { ManualResult } from '../../credits/manual-result.js';
import { type Approval, insertApproval } from '../approval-store.js';
import { APPROVAL_HOURS } from '../approval-view.js';
import { fieldsOf, prepareAction } from '../manual-actions.js';

export interface ProposeAction {
  readonly action: ApprovalAction;
  /** The request as the route read it (approvals/manual-actions.ts says each action's fields). */
  readonly payload: object;
  readonly actor: string;
  readonly note: string;
}

/** Thrown to roll the trial run back with what it answered. */
class TrialRun {
  constructor(readonly result: ManualResult<object>) {}
}

export async function proposeAction(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: ProposeAction,
): Promise<ManualResult<Approval>> {
  const now = deps.clock.now();
  // Kept as JSON and read back as the approval will read it.
  const payload: unknown = JSON.parse(JSON.stringify(input.payload));
  const prepared = prepareAction(input.action, payload);
  const would = await deps.db
    .transaction(async (tx) => {
      throw new TrialRun(await prepared.run(tx, { actor: input.actor, note: input.note }, now));
    })
    .catch((thrown: unknown) => {
      if (thrown instanceof TrialRun) return thrown.result;
      throw thrown;
    });
  if (!would.ok) return would;
  return deps.db.transaction(async (tx) => {
    const approval = await insertApproval(
      tx,
      {
        action: input.action,
        subject: prepared.subject,
        summary: prepared.summary,
        payload,
        request: prepared.request,
        would: fieldsOf(would.value),
        proposedBy: input.actor,
        note: input.note,
        expiresAt: new Date(now.getTime() + APPROVAL_HOURS * 3_600_000),
      },
      now,
    );
    await recordAction(tx, now, input, {
      action: 'approval.propose',
      subject: `approval:${approval.id}`,
      after: { action: approval.action, subject: approval.subject, summary: approval.summary },
    });
    return { ok: true, value: approval };
  });
}
