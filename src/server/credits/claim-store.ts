/**
 * SQL for UTR claims: the one module that writes `utr_claims`. A payer (or an operator on the
 * payer's behalf) claims that a UTR paid an order; a UTR belongs to one order only, system-wide.
 * Every change announces the order's payer view (a trigger, migration 4).
 */
import { z } from 'zod';
import { prepared, type Queryable } from '../store/db.js';
import { queryRow, queryRows } from '../store/rows.js';

const HolderRow = z.object({ payment_uid: z.string(), client_ip: z.string() });
export type ClaimHolder = z.infer<typeof HolderRow>;

/** The order holding the UTR, and the address it was claimed from. */
export async function claimOf(tx: Queryable, utr: string): Promise<ClaimHolder | undefined> {
  return queryRow(tx, HolderRow, 'SELECT payment_uid, client_ip FROM utr_claims WHERE utr = $1', [utr]);
}

const CountRow = z.object({ n: z.number().int() });

/** How many UTRs the order has claimed. */
export async function countClaimsOf(tx: Queryable, paymentUid: string): Promise<number> {
  const row = await queryRow(
    tx,
    CountRow,
    'SELECT count(*)::int AS n FROM utr_claims WHERE payment_uid = $1',
    [paymentUid],
  );
  return row?.n ?? 0;
}

export interface NewClaim {
  readonly utr: string;
  readonly paymentUid: string;
  /** The payer's address, or `operator` for a claim an operator made. */
  readonly clientIp: string;
}

/**
 * Adds the claim; false (nothing written) when an order holds the UTR already. Callers hold the
 * UTR's lock (credit-store.ts, lockUtr), so the check and the insert see the same claims.
 */
export async function addClaim(tx: Queryable, claim: NewClaim, now: Date): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO utr_claims (utr, payment_uid, client_ip, claimed_at)
     SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM utr_claims WHERE utr = $1)
     RETURNING utr`,
    [claim.utr, claim.paymentUid, claim.clientIp, now],
  );
  return inserted.length > 0;
}

/** The order's claim on the UTR ends. */
export async function releaseClaim(tx: Queryable, utr: string, paymentUid: string): Promise<void> {
  await tx.query('DELETE FROM utr_claims WHERE utr = $1 AND payment_uid = $2', [utr, paymentUid]);
}

const ClaimRow = z.object({ utr: z.string(), client_ip: z.string(), claimed_at: z.date() });
export type OrderClaim = z.infer<typeof ClaimRow>;

const CLAIMS_SQL = prepared(
  'SELECT utr, client_ip, claimed_at FROM utr_claims WHERE payment_uid = $1 ORDER BY claimed_at, utr',
);
/** The UTRs the order claimed, oldest first. */
export async function claimsOf(tx: Queryable, paymentUid: string): Promise<OrderClaim[]> {
  return queryRows(tx, ClaimRow, CLAIMS_SQL, [paymentUid]);
}

const UtrRow = z.object({ utr: z.string() });

/** Which of these UTRs some order has claimed. */
export async function claimedAmong(tx: Queryable, utrs: readonly string[]): Promise<Set<string>> {
  const rows = await queryRows(tx, UtrRow, 'SELECT utr FROM utr_claims WHERE utr = ANY($1::text[])', [utrs]);
  return new Set(rows.map((row) => row.utr));
}

/** An open order's claim an operator should look at, with how many such cases there are (`total`). */
const AttentionClaimRow = z.object({
  payment_uid: z.string(),
  merchant_uid: z.string(),
  amount: z.number().int(),
  utr: z.string(),
  claims: z.number().int(),
  at: z.date(),
  total: z.number().int(),
});
export type AttentionClaim = z.infer<typeof AttentionClaimRow>;

/** Orders still waiting for money (not final, not completed). */
const OPEN_ORDER = `o.payment_status NOT IN ('completed', 'reject', 'refund')`;
const NO_CREDIT = 'NOT EXISTS (SELECT 1 FROM bank_credits b WHERE b.utr = c.utr)';

/** Claims of open orders made before `claimedBefore` whose UTR no bank credit has named yet. */
export async function claimsWithoutCredit(
  tx: Queryable,
  claimedBefore: Date,
  limit: number,
): Promise<AttentionClaim[]> {
  return queryRows(
    tx,
    AttentionClaimRow,
    `SELECT c.payment_uid, o.merchant_uid, o.amount, c.utr, 1 AS claims, c.claimed_at AS at,
            count(*) OVER ()::int AS total
     FROM utr_claims c JOIN orders o ON o.payment_uid = c.payment_uid
     WHERE ${OPEN_ORDER} AND c.claimed_at < $1 AND ${NO_CREDIT}
     ORDER BY c.claimed_at DESC, c.utr LIMIT $2`,
    [claimedBefore, limit],
  );
}

/** Open orders whose payer has claimed `max` UTRs, the most an order takes. */
export async function ordersAtClaimLimit(
  tx: Queryable,
  max: number,
  limit: number,
): Promise<AttentionClaim[]> {
  return queryRows(
    tx,
    AttentionClaimRow,
    `SELECT c.payment_uid, o.merchant_uid, o.amount, string_agg(c.utr, ', ' ORDER BY c.claimed_at) AS utr,
            count(*)::int AS claims, max(c.claimed_at) AS at, count(*) OVER ()::int AS total
     FROM utr_claims c JOIN orders o ON o.payment_uid = c.payment_uid
     WHERE ${OPEN_ORDER}
     GROUP BY c.payment_uid, o.merchant_uid, o.amount
     HAVING count(*) >= $1
     ORDER BY max(c.claimed_at) DESC LIMIT $2`,
    [max, limit],
  );
}
