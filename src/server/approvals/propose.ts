/**
 * A route's manual money action under dual control: proposed instead of run, answered 202 with the
 * proposal (docs/money-controls.md, Approvals). The app gives the routes `proposer(deps)`; they call
 * it first when `config.dualControl` is on, with the request in the action's fields
 * (manual-actions.ts).
 */
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import { success } from '../http/envelope.js';
import type { Propose } from '../http/propose.js';
import { approvalView } from './approval-view.js';
import { proposeAction } from './commands/propose-action.js';

export function proposer(deps: Pick<AppDeps, 'db' | 'clock'>): Propose {
  return async (c, action, payload, note) => {
    const proposed = await proposeAction(deps, { action, payload, actor: c.var.operatorName, note });
    if (!proposed.ok) throw new AppError(proposed.code, proposed.details);
    return success(c, approvalView(proposed.value), 202);
  };
}
