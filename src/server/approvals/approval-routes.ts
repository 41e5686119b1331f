/**
 * The approvals queue of the operator API, behind the operator's authentication: list, approve,
 * reject. The root token acts as the operator named `root`.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError, notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import { APPROVE, LIST_APPROVALS, REJECT } from './approval-api.js';
import { listApprovals } from './approval-store.js';
import { approvalView } from './approval-view.js';
import { approveAction } from './commands/approve-action.js';
import { rejectAction } from './commands/reject-action.js';
import type { Undecided } from './undecided.js';

export function approvalRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();

  LIST_APPROVALS.register(app, async (c) => {
    const query = c.req.valid('query');
    const rows = await listApprovals(
      deps.db,
      { state: query.state ?? '', beforeId: query.before, limit: query.limit },
      deps.clock.now(),
    );
    return success(c, rows.map(approvalView));
  });

  APPROVE.register(app, async (c) => {
    const outcome = await approveAction(deps, {
      approvalId: c.req.valid('param').approval_id,
      approver: c.var.operatorName,
      note: c.req.valid('json').note,
    });
    if (outcome.kind === 'approved') return success(c, approvalView(outcome.approval));
    if (outcome.kind === 'failed') {
      throw new AppError(
        outcome.refusal.code,
        `${outcome.refusal.details} (approval ${outcome.approval.id} failed; nothing moved)`,
      );
    }
    throw refusal(outcome);
  });

  REJECT.register(app, async (c) => {
    const outcome = await rejectAction(deps, {
      approvalId: c.req.valid('param').approval_id,
      rejecter: c.var.operatorName,
      note: c.req.valid('json').note,
    });
    if (outcome.kind === 'rejected') return success(c, approvalView(outcome.approval));
    throw refusal(outcome);
  });

  return app;
}

function refusal(outcome: Undecided): AppError {
  switch (outcome.kind) {
    case 'no_approval':
      return notFound('approval_id: no such proposal');
    case 'decided':
      return new AppError(ERROR_CODES.invalidTransition, `approval: already ${outcome.approval.state}`);
    case 'expired':
      return new AppError(
        ERROR_CODES.invalidTransition,
        `approval: expired at ${outcome.approval.expires_at.toISOString()}; propose it again`,
      );
    case 'same_operator':
      return new AppError(
        ERROR_CODES.sameOperator,
        `operator: approval ${outcome.approval.id} was proposed by ${outcome.approval.proposed_by}; another operator must decide it`,
      );
  }
}
