/**
 * SQL for UTR claims: the one module that writes `utr_claims`. A payer (or an operator on the
 * payer's behalf) claims that a UTR paid an order; a UTR belongs to one order, system-wide, unless
 * its claim is contested: then several orders hold it, each claim marked `contested_at`, until an
 * operator decides whose it is (matching/decide.ts). Every change announces the order's payer view
 * (a trigger, migration 4).
 */
import { z } from 'zod';
import { prepared, type Queryable } from '../store/db.js';
import { queryRow, queryRows, rowsQuery, statement } from '../store/rows.js';

const HolderRow = z.object({ payment_uid: z.string(), client_ip: z.string(), contested: z.boolean() });
export type ClaimHolder = z.infer<typeof HolderRow>;

/** The orders holding the UTR (one, or several contesting it), first claim first. */
export const holdersOf = rowsQuery(
  HolderRow,
  `SELECT payment_uid, client_ip, contested_at IS NOT NULL AS contested
   FROM utr_claims WHERE utr = $1 ORDER BY claimed_at, payment_uid`,
  (utr: string) => [utr],
);

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

/**
 * The order joins a contest of the UTR: its claim is added beside the others and every claim of
 * the UTR is marked contested (the earlier ones keep their first contested time).
 */
export async function joinContest(tx: Queryable, claim: NewClaim, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO utr_claims (utr, payment_uid, client_ip, claimed_at, contested_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (utr, payment_uid) DO NOTHING`,
    [claim.utr, claim.paymentUid, claim.clientIp, now],
  );
  await markContested(tx, claim.utr, now);
}

/** Every claim of the UTR is marked contested (a completed order's, when another order claims its UTR). */
export const markContested = statement(
  'UPDATE utr_claims SET contested_at = $2 WHERE utr = $1 AND contested_at IS NULL',
  (utr: string, now: Date) => [utr, now],
);

/** The contest ends: the order's claim stands alone (the others were released). */
export const endContest = statement(
  'UPDATE utr_claims SET contested_at = NULL WHERE utr = $1 AND payment_uid = $2',
  (utr: string, paymentUid: string) => [utr, paymentUid],
);

/** The order's claim on the UTR ends. */
export const releaseClaim = statement(
  'DELETE FROM utr_claims WHERE utr = $1 AND payment_uid = $2',
  (utr: string, paymentUid: string) => [utr, paymentUid],
);

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

/** An order that claimed a UTR, and the address it was claimed from: one party of a contested UTR. */
export const ClaimantRow = z.object({
  payment_uid: z.string(),
  merchant_uid: z.string(),
  merchant_order_id: z.string(),
  amount: z.number().int(),
  payment_status: z.string(),
  client_ip: z.string(),
});

const ContestedRow = ClaimantRow.extend({ utr: z.string(), claimed_at: z.date(), contested_at: z.date() });
export type ContestedClaim = z.infer<typeof ContestedRow>;

/** The claims of the `limit` UTRs contested last (or of one UTR), newest case first, first claim first. */
export const contestedClaims = rowsQuery(
  ContestedRow,
  `WITH cases AS (
     SELECT utr, max(contested_at) AS latest FROM utr_claims
     WHERE contested_at IS NOT NULL AND ($2::text IS NULL OR utr = $2)
     GROUP BY utr ORDER BY latest DESC, utr LIMIT $1)
   SELECT c.utr, c.payment_uid, o.merchant_uid, o.merchant_order_id, o.amount, o.payment_status,
          c.client_ip, c.claimed_at, c.contested_at
   FROM cases JOIN utr_claims c ON c.utr = cases.utr JOIN orders o ON o.payment_uid = c.payment_uid
   WHERE c.contested_at IS NOT NULL
   ORDER BY cases.latest DESC, c.utr, c.claimed_at, c.payment_uid`,
  (limit: number, utr?: string) => [limit, utr ?? null],
);

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
export const claimsWithoutCredit = rowsQuery(
  AttentionClaimRow,
  `SELECT c.payment_uid, o.merchant_uid, o.amount, c.utr, 1 AS claims, c.claimed_at AS at,
          count(*) OVER ()::int AS total
   FROM utr_claims c JOIN orders o ON o.payment_uid = c.payment_uid
   WHERE ${OPEN_ORDER} AND c.claimed_at < $1 AND ${NO_CREDIT}
   ORDER BY c.claimed_at DESC, c.utr LIMIT $2`,
  (claimedBefore: Date, limit: number) => [claimedBefore, limit],
);

/** Open orders whose payer has claimed `max` UTRs, the most an order takes. */
export const ordersAtClaimLimit = rowsQuery(
  AttentionClaimRow,
  `SELECT c.payment_uid, o.merchant_uid, o.amount, string_agg(c.utr, ', ' ORDER BY c.claimed_at) AS utr,
          count(*)::int AS claims, max(c.claimed_at) AS at, count(*) OVER ()::int AS total
   FROM utr_claims c JOIN orders o ON o.payment_uid = c.payment_uid
   WHERE ${OPEN_ORDER}
   GROUP BY c.payment_uid, o.merchant_uid, o.amount
   HAVING count(*) >= $1
   ORDER BY max(c.claimed_at) DESC LIMIT $2`,
  (max: number, limit: number) => [max, limit],
);

/** UTRs several orders claim (or claimed after its credit completed one), one row per UTR, newest first. */
export const contestedUtrs = rowsQuery(
  AttentionClaimRow,
  `SELECT (array_agg(c.payment_uid ORDER BY c.claimed_at, c.payment_uid))[1] AS payment_uid,
          min(o.merchant_uid) AS merchant_uid, min(o.amount) AS amount, c.utr,
          count(*)::int AS claims, max(c.contested_at) AS at, count(*) OVER ()::int AS total
   FROM utr_claims c JOIN orders o ON o.payment_uid = c.payment_uid
   WHERE c.contested_at IS NOT NULL
   GROUP BY c.utr
   ORDER BY max(c.contested_at) DESC, c.utr LIMIT $1`,
  (limit: number) => [limit],
);
