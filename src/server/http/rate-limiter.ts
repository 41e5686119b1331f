/**
 * A token bucket per client key, in memory, for the unsigned endpoints. Bounded in size: the
 * oldest idle buckets are dropped first. With several processes each keeps its own buckets.
 */
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { RateDecision, RateLimit } from '../rate-limit.js';

const ALLOWED: RateDecision = { allowed: true };

/**
 * Refuses the request when its limit said no (a limiter here or in the store): 429 rate_limited
 * with `details`, and Retry-After saying when the bucket has a token again.
 */
export function refuseWhenLimited(decision: RateDecision, details: string): void {
  if (!decision.allowed) {
    throw new AppError(ERROR_CODES.rateLimited, details, {
      headers: { 'Retry-After': String(decision.retryAfterSeconds) },
    });
  }
}

/** A limit kept in the store's buckets, shared by every process (store/rate-limit-store.ts). */
interface StoredLimit {
  take(key: string, now: Date): Promise<RateDecision>;
}

/**
 * A limit in the store as a route takes it: one token of `key`'s bucket now, or the request
 * refused with `details` (refuseWhenLimited).
 */
export function takeOrRefuse(
  limit: StoredLimit,
  clock: Clock,
  details: string,
): (key: string) => Promise<void> {
  return async (key) => refuseWhenLimited(await limit.take(key, clock.now()), details);
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  constructor(
    private readonly limit: RateLimit,
    private readonly clock: Clock,
    private readonly maxKeys = 100_000,
  ) {}

  take(key: string): RateDecision {
    const nowMs = this.clock.now().getTime();
    const bucket = this.#buckets.get(key) ?? { tokens: this.limit.burst, updatedMs: nowMs };
    const refill = ((nowMs - bucket.updatedMs) / 1000) * this.limit.perSecond;
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + refill);
    bucket.updatedMs = nowMs;
    // Re-inserting keeps the map in least-recently-used order for eviction.
    this.#buckets.delete(key);
    this.#buckets.set(key, bucket);
    this.#evict();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return ALLOWED;
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.limit.perSecond)),
    };
  }

  #evict(): void {
    while (this.#buckets.size > this.maxKeys) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest === undefined) return;
      this.#buckets.delete(oldest);
    }
  }
}
