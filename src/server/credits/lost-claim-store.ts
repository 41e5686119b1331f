/**
 * SQL for lost claims: the one module that writes `lost_claims`. Claims that lost are kept for
 * operators with both orders: a UTR another order already holds (`utr_used`), or a UTR whose
 * credit was paid to another account than the order's (`payee_mismatch`), or a UTR whose credit
 * arrived first with another amount than the order's (`credit_mismatch`, with the credit's amount).
 * A repeated loss counts up on the same row.
 */
import { z } from 'zod';
import { rowsQuery, statement } from '../store/rows.js';
import { ClaimantRow } from './claim-store.js';

export const LOST_CLAIM_REASONS = ['utr_used', 'payee_mismatch', 'credit_mismatch'] as const;
export type LostClaimReason = (typeof LOST_CLAIM_REASONS)[number];

export interface LostClaim {
  readonly utr: string;
  /** The order whose claim lost. */
  readonly paymentUid: string;
  /** The order that holds the UTR or its credit, when there is one. */
  readonly otherPaymentUid: string | null;
  readonly reason: LostClaimReason;
  readonly creditPayee?: string;
  /** The credit's amount (paise), for `credit_mismatch`. */
  readonly creditAmount?: number;
  readonly clientIp?: string;
}

export const recordLostClaim = statement(
  `INSERT INTO lost_claims (utr, payment_uid, other_payment_uid, reason, credit_payee, client_ip, first_at, last_at,
                            credit_amount)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
   ON CONFLICT (utr, payment_uid, reason) DO UPDATE SET
     attempts = lost_claims.attempts + 1, last_at = EXCLUDED.last_at,
     other_payment_uid = COALESCE(EXCLUDED.other_payment_uid, lost_claims.other_payment_uid),
     credit_payee = CASE WHEN EXCLUDED.credit_payee <> '' THEN EXCLUDED.credit_payee ELSE lost_claims.credit_payee END`,
  (claim: LostClaim, now: Date) => [
    claim.utr,
    claim.paymentUid,
    claim.otherPaymentUid,
    claim.reason,
    claim.creditPayee ?? '',
    claim.clientIp ?? '',
    now,
    claim.creditAmount ?? null,
  ],
);

const LoserRow = z.object({ payment_uid: z.string(), client_ip: z.string() });
export type ClaimLoser = z.infer<typeof LoserRow>;

/** Orders whose claim on this UTR lost to another order, first loser first. */
export const losersOf = rowsQuery(
  LoserRow,
  `SELECT payment_uid, client_ip FROM lost_claims WHERE utr = $1 AND reason = 'utr_used' ORDER BY first_at, id`,
  (utr: string) => [utr],
);

/** The released order's loss now names the order that took the UTR after it. */
export const passLoss = statement(
  `UPDATE lost_claims SET other_payment_uid = $3 WHERE utr = $1 AND payment_uid = $2 AND reason = 'payee_mismatch'`,
  (utr: string, releasedFrom: string, takenBy: string) => [utr, releasedFrom, takenBy],
);

export const LostClaimRow = z.object({
  utr: z.string(),
  reason: z.enum(LOST_CLAIM_REASONS),
  payment_uid: z.string(),
  merchant_uid: z.string(),
  to_account: z.string(),
  other_payment_uid: z.string().nullable(),
  other_merchant_uid: z.string().nullable(),
  other_to_account: z.string().nullable(),
  credit_payee: z.string(),
  credit_amount: z.number().int().nullable(),
  attempts: z.number().int(),
  first_at: z.date(),
  last_at: z.date(),
});
export type LostClaimRow = z.infer<typeof LostClaimRow>;

export const listLostClaims = rowsQuery(
  LostClaimRow,
  `SELECT l.utr, l.reason, l.payment_uid, o.merchant_uid, o.to_account,
          l.other_payment_uid, p.merchant_uid AS other_merchant_uid, p.to_account AS other_to_account,
          l.credit_payee, l.credit_amount, l.attempts, l.first_at, l.last_at
     FROM lost_claims l
     JOIN orders o ON o.payment_uid = l.payment_uid
     LEFT JOIN orders p ON p.payment_uid = l.other_payment_uid
    WHERE ($1 = '' OR l.utr = $1) AND ($2 = '' OR l.payment_uid = $2 OR l.other_payment_uid = $2)
    ORDER BY l.last_at DESC, l.id DESC LIMIT $3`,
  (filter: { readonly utr?: string; readonly paymentUid?: string; readonly limit: number }) => [
    filter.utr ?? '',
    filter.paymentUid ?? '',
    filter.limit,
  ],
);

const RefusedRow = ClaimantRow.extend({ first_at: z.date() });
export type RefusedClaim = z.infer<typeof RefusedRow>;

/** The orders whose claim of the UTR was refused because another order held it, first first. */
export const refusedClaimsOf = rowsQuery(
  RefusedRow.extend({ utr: z.string() }),
  `SELECT l.utr, l.payment_uid, o.merchant_uid, o.merchant_order_id, o.amount, o.payment_status, l.client_ip, l.first_at
     FROM lost_claims l JOIN orders o ON o.payment_uid = l.payment_uid
    WHERE l.utr = ANY($1::text[]) AND l.reason = 'utr_used'
    ORDER BY l.first_at, l.id`,
  (utrs: readonly string[]) => [utrs],
);
