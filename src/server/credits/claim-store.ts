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
