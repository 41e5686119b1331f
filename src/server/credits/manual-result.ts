/** The answer of an operator's manual action on credits: its value, or why it was refused. */
import { ERROR_CODES, type ErrorCode } from '../../shared/error-codes.js';
import type { DomainStep } from '../command.js';
import { AppError } from '../errors.js';
import type { Refusal } from './matching/decision.js';

export type ManualResult<T> = { readonly ok: true; readonly value: T } | ManualRefusal;

/** An operator's manual action on credits, in its caller's transaction (commands/, approvals/manual-actions.ts). */
export type ManualStep<I, T> = DomainStep<I, ManualResult<T>>;

export interface ManualRefusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly details: string;
}

const CODES = {
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.invalidTransition,
  400: ERROR_CODES.invalidField,
} as const;

export function refused(status: keyof typeof CODES | ErrorCode, details: string): ManualRefusal {
  return { ok: false, code: typeof status === 'number' ? CODES[status] : status, details };
}

/** The value, or the refusal as the error the route answers. */
export function unwrap<T>(result: ManualResult<T>): T {
  if (result.ok) return result.value;
  throw new AppError(result.code, result.details);
}

/** How an operator's action words each refusal its decision may give (matching/decision.ts). */
export type RefusalWords = {
  readonly [R in Refusal['reason']]?: (refusal: Refusal & { readonly reason: R }) => ManualRefusal;
};

/** The refusal in the action's words; a refusal the action has no words for is a bug in its decision. */
export function refusalIn(action: string, words: RefusalWords, refusal: Refusal): ManualRefusal {
  const word = words[refusal.reason] as ((refusal: Refusal) => ManualRefusal) | undefined;
  if (!word) throw new Error(`${action} refused as ${refusal.reason}`);
  return word(refusal);
}
