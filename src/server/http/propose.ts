/**
 * Proposes a manual money action under dual control (docs/money-controls.md, Approvals): the
 * route's request in the action's fields, answered 202 with the proposal. The app gives it to the
 * routes whose actions are held (approvals/propose.ts makes it): the approvals run those folders'
 * actions, so those folders cannot import the approvals.
 */
import type { Context } from 'hono';
import type { ApprovalAction } from '../../shared/approval-views.js';
import type { OperatorEnv } from './operator-env.js';

export type Propose = (
  c: Context<OperatorEnv>,
  action: ApprovalAction,
  payload: object,
  note: string,
) => Promise<Response>;
