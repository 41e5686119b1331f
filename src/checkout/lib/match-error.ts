import { ERROR_CODES } from '../../shared/error-codes.js';
import type { ApiOutcome } from '../api/api-outcome.js';
import type { Feedback } from './utr-feedback.js';

/** The answer to a refused or failed UTR submission, in plain words (docs/checkout.md, UTR capture). */
export function matchError(outcome: Exclude<ApiOutcome<unknown>, { kind: 'ok' | 'not-modified' }>): Feedback {
  if (outcome.kind === 'offline') return { key: 'errOffline', tone: 'error' };
  if (outcome.kind === 'not-found') return { key: 'errNotFound', tone: 'error' };
  switch (outcome.code) {
    case ERROR_CODES.utrUsed:
      return { key: 'errUtrUsed', tone: 'error' };
    case ERROR_CODES.tooManyUtrs:
      return { key: 'errTooMany', tone: 'error' };
    case ERROR_CODES.orderFinal:
      return { key: 'errOrderFinal', tone: 'error' };
    case ERROR_CODES.invalidField:
    case ERROR_CODES.missingField:
      return { key: 'errInvalidUtr', tone: 'error' };
    case ERROR_CODES.rateLimited:
      return { key: 'errRateLimited', values: { seconds: outcome.retryAfterSeconds ?? 30 }, tone: 'error' };
    default:
      return { key: 'errGeneric', tone: 'error' };
  }
}
