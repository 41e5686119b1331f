/**
 * The approvals routes as they describe themselves (docs/money-controls.md, Approvals): the queue
 * of proposed manual money actions, and a second operator's approval or rejection (the 202 answer
 * of the routes whose action dual control holds is `PROPOSED`, src/shared/approval-views.ts).
 */
import { z } from 'zod';
import { APPROVAL_STATES, ApprovalListSchema, ApprovalSchema } from '../../shared/approval-views.js';
import { limitField } from '../http/request-fields.js';
import { noted, ok, operatorApi } from '../http/route-group.js';

const ApprovalParams = z.object({
  approval_id: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'must be an approval id (digits)')
    .describe('The proposal'),
});

export const LIST_APPROVALS = operatorApi.get('/approvals', 'listApprovals', {
  summary: 'Proposed manual money actions, newest first (a proposal past its 24 hours reads expired)',
  query: z.object({
    state: z.enum(APPROVAL_STATES).optional().describe('Only proposals in this state'),
    before: ApprovalParams.shape.approval_id.optional().describe('Older than this proposal (paging)'),
    limit: limitField(200, 50),
  }),
  answers: ok('Proposals', ApprovalListSchema),
});

export const APPROVE = operatorApi.post('/approvals/:approval_id/approve', 'approveAction', {
  summary:
    'Approve a proposal: another operator than its proposer (403 same_operator); the action runs now, re-checked, in one transaction',
  description:
    'An action refused now (the order completed meanwhile, the UTR taken) is answered with its error and the proposal is marked failed; an expired or decided proposal is 409.',
  params: ApprovalParams,
  ...noted,
  answers: ok('Approved: the proposal with what the action did', ApprovalSchema),
  errors: [403, 409, 422],
});

export const REJECT = operatorApi.post('/approvals/:approval_id/reject', 'rejectAction', {
  summary: 'Reject a proposal, with a note (another operator than its proposer); nothing of it runs',
  params: ApprovalParams,
  body: z
    .object({ note: z.string().trim().min(1, 'required: say why').max(500) })
    .meta({ id: 'RejectApproval' }),
  bodyExample: { note: 'no such payment on the bank statement' },
  answers: ok('Rejected', ApprovalSchema),
  errors: [403, 409],
});
