/**
 * A token bucket per (scope, client key) kept in the store, for the limits that must hold
 * across processes: on PostgreSQL every service process sees the same buckets, so N processes
 * do not multiply the limit. One statement per decision, atomic under the row's lock.
 * Rows whose bucket has long been full again are deleted by `sweepRateLimits`.
 */
import { z } from 'zod';
import type { RateDecision, RateLimit } from '../rate-limit.js';
import type { Queryable } from './db.js';
import { queryRow } from './rows.js';

const TakenRow = z.object({ tokens: z.number(), allowed: z.boolean() });
const PeekRow = z.object({ available: z.number() });

export interface SharedRateLimiter {
  /** Takes one token if there is one; refused (nothing taken) when the bucket is empty. */
  take(key: string, now: Date): Promise<RateDecision>;
  /** Whether a token is there, taking nothing (no write). */
  peek(key: string, now: Date): Promise<RateDecision>;
}

/** Every limit kept in the store refills completely well within this. */
export const RATE_LIMIT_ROW_TTL_MS = 60 * 60 * 1000;

export function storeRateLimiter(db: Queryable, scope: string, limit: RateLimit): SharedRateLimiter {
  const refused = (available: number): RateDecision => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((1 - available) / limit.perSecond)),
  });
  const refill = `LEAST($3::float8, r.tokens
      + GREATEST(0, EXTRACT(EPOCH FROM ($4::timestamptz - r.updated_at)))::float8 * $5::float8)`;
  return {
    async take(key, now) {
      const row = await queryRow(
        db,
        TakenRow,
        `INSERT INTO rate_limits AS r (scope, key, tokens, allowed, updated_at)
         VALUES ($1, $2, $3::float8 - 1, $3::float8 >= 1, $4)
         ON CONFLICT (scope, key) DO UPDATE SET
           tokens = ${refill} - CASE WHEN ${refill} >= 1 THEN 1 ELSE 0 END,
           allowed = ${refill} >= 1,
           updated_at = GREATEST(r.updated_at, $4::timestamptz)
         RETURNING tokens, allowed`,
        [scope, key, limit.burst, now, limit.perSecond],
      );
      if (!row) throw new Error('rate limit upsert returned no row');
      return row.allowed ? { allowed: true } : refused(row.tokens);
    },
    async peek(key, now) {
      const row = await queryRow(
        db,
        PeekRow,
        `SELECT ${refill} AS available FROM rate_limits r WHERE r.scope = $1 AND r.key = $2`,
        [scope, key, limit.burst, now, limit.perSecond],
      );
      if (!row || row.available >= 1) return { allowed: true };
      return refused(row.available);
    },
  };
}

/** Deletes buckets untouched for an hour (full again by then); returns how many. */
export async function sweepRateLimits(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query('DELETE FROM rate_limits WHERE updated_at < $1 RETURNING 1', [
    new Date(now.getTime() - RATE_LIMIT_ROW_TTL_MS),
  ]);
  return rows.length;
}
