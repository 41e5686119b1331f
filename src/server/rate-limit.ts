/**
 * A limit on how often a client may do something, as a token bucket, and the answer to one
 * attempt. Kept in memory for the unsigned endpoints (http/rate-limiter.ts) or in the store where
 * it must hold across processes (store/rate-limit-store.ts).
 */
export interface RateLimit {
  /** Requests allowed in a burst. */
  readonly burst: number;
  /** Tokens regained per second. */
  readonly perSecond: number;
}

export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };
