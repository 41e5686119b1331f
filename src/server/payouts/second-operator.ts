/**
 * Dual control of a payout batch: the operator who approves it must not be the one who prepared
 * it (the root token counts as the operator named `root`). One small rule in one place, so that a
 * general approvals mechanism can route every manual money action through it; the store refuses
 * the same thing (migration 11, `payout_batches_second_operator`).
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';

export function isSecondOperator(proposer: string, approver: string): boolean {
  return approver !== '' && approver !== proposer;
}

export function requireSecondOperator(proposer: string, approver: string, what: string): void {
  if (!isSecondOperator(proposer, approver))
    throw new AppError(
      ERROR_CODES.sameOperator,
      `operator: ${what} was prepared by ${proposer}; another operator must approve it`,
    );
}
