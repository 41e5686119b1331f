import type { ErrorCode } from '../../shared/error-codes.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import type { ApiOutcome } from '../api/api-outcome.js';
import { formatInr } from './format-inr.js';
import type { Feedback } from './utr-feedback.js';

/** The answer to a refused or failed UTR submission, in plain words (docs/checkout.md, UTR capture). */
export function matchError(
  outcome: Exclude<ApiOutcome<unknown>, { kind: 'ok' | 'not-modified' }>,
  order: Pick<PayerOrder, 'amount' | 'merchant_order_id'>,
): Feedback {
  if (outcome.kind === 'offline') return { key: 'errOffline', tone: 'error' };
  if (outcome.kind === 'not-found') return { key: 'errNotFound', tone: 'error' };
  // Codes as literals (checked against the shared table by type): the table itself stays out of
  // the page's first load.
  switch (outcome.code as ErrorCode) {
    case 'utr_used':
      return { key: 'errUtrUsed', tone: 'error' };
    case 'credit_mismatch':
      // The UTR belongs to a bank credit of another amount: wrong UTR, or a payment of that amount.
      return outcome.creditAmount === undefined
        ? { key: 'errInvalidUtr', tone: 'error' }
        : {
            key: 'errCreditMismatch',
            values: {
              credit: formatInr(outcome.creditAmount),
              amount: formatInr(order.amount),
              ref: order.merchant_order_id,
            },
            tone: 'error',
          };
    case 'too_many_utrs':
      return { key: 'errTooMany', tone: 'error' };
    case 'order_final':
      return { key: 'errOrderFinal', tone: 'error' };
    case 'invalid_field':
    case 'missing_field':
      return { key: 'errInvalidUtr', tone: 'error' };
    case 'rate_limited':
      return { key: 'errRateLimited', values: { seconds: outcome.retryAfterSeconds ?? 30 }, tone: 'error' };
    default:
      return { key: 'errGeneric', tone: 'error' };
  }
}
