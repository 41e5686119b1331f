/**
 * Claims that lost, kept for operators with both orders: a UTR another order already holds
 * (`utr_used`), or a UTR whose credit was paid to another account than the order's
 * (`payee_mismatch`). A repeated loss counts up on the same row.
 */
import type { Queryable } from '../store/db.js';

export type LostClaimReason = 'utr_used' | 'payee_mismatch';

export interface LostClaim {
  readonly utr: string;
  /** The order whose claim lost. */
  readonly paymentUid: string;
  /** The order that holds the UTR or its credit, when there is one. */
  readonly otherPaymentUid: string | null;
  readonly reason: LostClaimReason;
  readonly creditPayee?: string;
  readonly clientIp?: string;
}

export async function recordLostClaim(tx: Queryable, claim: LostClaim, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO lost_claims (utr, payment_uid, other_payment_uid, reason, credit_payee, client_ip, first_at, last_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (utr, payment_uid, reason) DO UPDATE SET
       attempts = lost_claims.attempts + 1, last_at = EXCLUDED.last_at,
       other_payment_uid = COALESCE(EXCLUDED.other_payment_uid, lost_claims.other_payment_uid),
       credit_payee = CASE WHEN EXCLUDED.credit_payee <> '' THEN EXCLUDED.credit_payee ELSE lost_claims.credit_payee END`,
    [
      claim.utr,
      claim.paymentUid,
      claim.otherPaymentUid,
      claim.reason,
      claim.creditPayee ?? '',
      claim.clientIp ?? '',
      now,
    ],
  );
}

/** Orders whose claim on this UTR lost to another order, first loser first. */
export async function ordersThatLost(tx: Queryable, utr: string): Promise<string[]> {
  const rows = await tx.query<{ payment_uid: string }>(
    `SELECT payment_uid FROM lost_claims WHERE utr = $1 AND reason = 'utr_used' ORDER BY first_at, id`,
    [utr],
  );
  return rows.map((row) => row.payment_uid);
}

export interface LostClaimRow {
  readonly utr: string;
  readonly reason: LostClaimReason;
  readonly payment_uid: string;
  readonly merchant_uid: string;
  readonly to_account: string;
  readonly other_payment_uid: string | null;
  readonly other_merchant_uid: string | null;
  readonly other_to_account: string | null;
  readonly credit_payee: string;
  readonly attempts: number;
  readonly first_at: Date;
  readonly last_at: Date;
}

export async function listLostClaims(
  db: Queryable,
  filter: { readonly utr?: string; readonly paymentUid?: string; readonly limit: number },
): Promise<LostClaimRow[]> {
  return db.query<LostClaimRow>(
    `SELECT l.utr, l.reason, l.payment_uid, o.merchant_uid, o.to_account,
            l.other_payment_uid, p.merchant_uid AS other_merchant_uid, p.to_account AS other_to_account,
            l.credit_payee, l.attempts, l.first_at, l.last_at
       FROM lost_claims l
       JOIN orders o ON o.payment_uid = l.payment_uid
       LEFT JOIN orders p ON p.payment_uid = l.other_payment_uid
      WHERE ($1 = '' OR l.utr = $1) AND ($2 = '' OR l.payment_uid = $2 OR l.other_payment_uid = $2)
      ORDER BY l.last_at DESC, l.id DESC LIMIT $3`,
    [filter.utr ?? '', filter.paymentUid ?? '', filter.limit],
  );
}
