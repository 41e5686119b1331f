import type { PaymentStatus } from '../../shared/order-status.js';

/**
 * The polling schedule (docs/checkout.md, Status): about every 3 s while the page is visible and the
 * order open; every 1.5 s for the first 30 s after a UTR was submitted (those polls do not count
 * toward back-off); backing off, to at most 15 s, only once nothing has changed for several
 * minutes; the same ceiling after network failures. Returns undefined once the order is final:
 * no more requests.
 */
export interface PollState {
  readonly status: PaymentStatus | undefined;
  /** Polls in a row, outside the fast window, whose answer did not change anything (304s). */
  readonly unchanged: number;
  /** Failed requests in a row. */
  readonly failures: number;
  /** Milliseconds since the payer submitted a UTR, or undefined. */
  readonly sinceSubmitMs: number | undefined;
  readonly final: boolean;
}

export const BASE_DELAY_MS = 3_000;
export const FAST_DELAY_MS = 1_500;
export const FAST_WINDOW_MS = 30_000;
export const MAX_DELAY_MS = 15_000;
/** Unchanged polls at the base rate before backing off: about three minutes. */
export const BACKOFF_AFTER = 60;
/** Orders that wait for a late payment (expired, failed) are checked less often. */
export const WAITING_DELAY_MS = 10_000;
/**
 * While the event stream is open the page polls all the same, this slowly: a change whose push
 * never arrives is seen within this time. The poll carries the ETag, so it costs a 304.
 */
export const STREAM_CHECK_MS = 15_000;

export function isFastWindow(sinceSubmitMs: number | undefined): boolean {
  return sinceSubmitMs !== undefined && sinceSubmitMs < FAST_WINDOW_MS;
}

export function nextPollDelay(state: PollState): number | undefined {
  if (state.final) return undefined;
  if (state.failures > 0) return Math.min(MAX_DELAY_MS, 2_000 * 2 ** (state.failures - 1));
  if (isFastWindow(state.sinceSubmitMs)) return FAST_DELAY_MS;
  const base = state.status === 'overdue' || state.status === 'failed' ? WAITING_DELAY_MS : BASE_DELAY_MS;
  const extra = Math.max(0, state.unchanged - BACKOFF_AFTER);
  return Math.min(MAX_DELAY_MS, Math.round(base * 1.25 ** extra));
}
