/**
 * When callback attempts happen (docs/merchant-api.md, Retries): the first at once, then 15 more after these
 * delays, 16 attempts spread over about 24 hours (24 h 3 min 45 s from the first to the last).
 * Short gaps first, for a receiver that hiccuped; hours later on, for one that is down. No jitter,
 * so the schedule is predictable for merchants and for tests.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [
  15 * SECOND,
  30 * SECOND,
  1 * MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  4 * HOUR,
  4 * HOUR,
  5 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after failed attempt number `attempts` (1-based), or undefined when it was the last. */
export function retryDelayAfter(
  attempts: number,
  delays: readonly number[] = RETRY_DELAYS_MS,
): number | undefined {
  return delays[attempts - 1];
}
