/**
 * Proposals of manual money actions waiting for a second operator (docs/money-controls.md,
 * Approvals), as the operator API answers them: the action, what was asked, what it would do when
 * proposed (the action run and rolled back), its state and who proposed and decided it. Written
 * with `zod/mini`, as console-views.ts, for the service's document and the console alike.
 */
import * as z from 'zod/mini';
import { laterStepFields, stepFields } from './view-fields.js';

export const APPROVAL_STATES = ['awaiting_approval', 'approved', 'rejected', 'expired', 'failed'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** The manual money actions that wait for a second operator when dual control is on. */
export const APPROVAL_ACTIONS = [
  'credit.post',
  'text.fix',
  'text.replay',
  'credit.match',
  'credit.confirm',
  'statement.import',
  'order.status',
  'claim.resolve',
  'credit.release',
  'credit.return',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** One named value of a request or an outcome, as text (amounts in rupees, times ISO 8601). */
export const ApprovalFieldSchema = z.object({ name: z.string(), value: z.string() });
export type ApprovalField = z.infer<typeof ApprovalFieldSchema>;

export const ApprovalSchema = z.object({
  approval_id: z.string(),
  action: z.enum(APPROVAL_ACTIONS),
  state: z.enum(APPROVAL_STATES),
  subject: z.string().check(z.describe('What it acts on: credit:12, text:7, order:<payment_uid>, ...')),
  summary: z.string().check(z.describe('What the action does, in one sentence')),
  request: z.array(ApprovalFieldSchema).check(z.describe('What the proposer asked for')),
  would: z
    .array(ApprovalFieldSchema)
    .check(z.describe('What the action would do, as it would have come out when proposed')),
  ...stepFields('proposed'),
  note: z.string(),
  expires_at: z.string(),
  ...laterStepFields('decided'),
  decision_note: z.string(),
  outcome: z.nullable(
    z.array(ApprovalFieldSchema).check(z.describe('What it did once approved, or why it failed')),
  ),
});
export type ApprovalView = z.infer<typeof ApprovalSchema>;

export const ApprovalListSchema = z.array(ApprovalSchema);

/** The 202 answer of every route whose action dual control holds: a proposal, nothing moved yet. */
export const PROPOSED = {
  description:
    'Dual control is on: the action is a proposal (state awaiting_approval) until another operator approves it; nothing moved yet. `would` says what it would do as of now',
  data: ApprovalSchema,
} as const;
