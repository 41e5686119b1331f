/** A proposal as the operator API answers it (ApprovalSchema, src/shared/approval-views.ts). */
import type { ApprovalView } from '../../shared/approval-views.js';
import type { Approval } from './approval-store.js';

/** How long a proposal waits for a second operator. */
export const APPROVAL_HOURS = 24;

export function approvalView(row: Approval): ApprovalView {
  return {
    approval_id: row.id,
    action: row.action,
    state: row.state,
    subject: row.subject,
    summary: row.summary,
    request: row.request,
    would: row.would,
    proposed_by: row.proposed_by,
    proposed_at: row.proposed_at.toISOString(),
    note: row.note,
    expires_at: row.expires_at.toISOString(),
    decided_by: row.decided_by,
    decided_at: row.decided_at?.toISOString() ?? null,
    decision_note: row.decision_note,
    outcome: row.outcome,
  };
}
