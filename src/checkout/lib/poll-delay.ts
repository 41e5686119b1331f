import type { PaymentStatus } from '../../shared/order-status.js';

/**
 * The polling schedule (docs/checkout.md, Status): about every 3 s while visible, every second for
 * a while after a UTR was submitted, backing off to half a minute while nothing changes, and
 * backing off after network failures. Returns undefined when polling should stop.
 */
export interface PollState {
  readonly status: PaymentStatus | undefined;
  /** Polls in a row whose answer did not change anything (304s). */
  readonly unchanged: number;
  /** Failed requests in a row. */
  readonly failures: number;
  /** Milliseconds since the payer submitted a UTR, or undefined. */
  readonly sinceSubmitMs: number | undefined;
  readonly final: boolean;
}

export const BASE_DELAY_MS = 3_000;
export const FAST_DELAY_MS = 1_000;
export const FAST_WINDOW_MS = 20_000;
export const MAX_DELAY_MS = 30_000;
/** Unchanged polls at the base rate before backing off (about a minute). */
export const BACKOFF_AFTER = 20;
/** Orders that wait for a late payment (expired, failed) are checked less often. */
export const WAITING_DELAY_MS = 10_000;

export function nextPollDelay(state: PollState): number | undefined {
  if (state.final) return undefined;
  if (state.failures > 0) return Math.min(MAX_DELAY_MS, 2_000 * 2 ** (state.failures - 1));
  if (state.sinceSubmitMs !== undefined && state.sinceSubmitMs < FAST_WINDOW_MS) return FAST_DELAY_MS;
  const base = state.status === 'overdue' || state.status === 'failed' ? WAITING_DELAY_MS : BASE_DELAY_MS;
  const extra = Math.max(0, state.unchanged - BACKOFF_AFTER);
  return Math.min(MAX_DELAY_MS, Math.round(base * 1.25 ** extra));
}
