/**
 * Credits as operators look for them, by state:
 * - matched: settled an order (completed);
 * - waiting: no order has claimed its UTR yet;
 * - conflict: can never match as it stands (paid to another account, the claiming order is
 *   final, or the amount differed from the claiming order's, which was rejected), with the reason;
 * - unparsed / ignored: alert texts that gave no credit, with the reason.
 * Newest first, paged by id (`before`: the last id of the previous page).
 */
import type { Queryable } from '../store/db.js';

export const CREDIT_STATES = ['matched', 'waiting', 'conflict', 'unparsed', 'ignored'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

export interface CreditFilter {
  readonly merchantUid: string;
  readonly sourceId: string;
  readonly utr: string;
  readonly from: Date | undefined;
  readonly to: Date | undefined;
  readonly before: number | undefined;
  readonly limit: number;
}

const STATE_OF_CREDIT = `CASE
  WHEN c.payment_uid IS NULL AND c.unmatched_reason <> '' THEN 'conflict'
  WHEN c.payment_uid IS NULL THEN 'waiting'
  WHEN o.payment_status = 'reject' THEN 'conflict'
  ELSE 'matched' END`;

export async function listCredits(
  tx: Queryable,
  states: readonly CreditState[],
  filter: CreditFilter,
): Promise<Record<string, unknown>[]> {
  const params = [
    filter.merchantUid,
    filter.sourceId,
    filter.utr,
    filter.from ?? null,
    filter.to ?? null,
    filter.before ?? null,
    filter.limit,
    states as readonly string[],
  ] as const;
  return tx.query(
    `SELECT * FROM (
       SELECT c.id::text AS id, c.utr, c.amount, c.payee, c.payer_name, c.credited_at, c.source, c.source_id,
              COALESCE(s.merchant_uid, o.merchant_uid) AS merchant_uid, c.payment_uid, o.payment_status,
              c.matched_at, c.created_at, ${STATE_OF_CREDIT} AS state,
              CASE WHEN c.payment_uid IS NULL THEN c.unmatched_reason
                   WHEN o.payment_status = 'reject' THEN o.payment_fail_reason ELSE '' END AS reason,
              c.id AS seq
       FROM bank_credits c
       LEFT JOIN credit_sources s ON s.id = c.source_id
       LEFT JOIN orders o ON o.payment_uid = c.payment_uid
       WHERE ($2 = '' OR c.source_id = $2) AND ($3 = '' OR c.utr = $3)
         AND ($4::timestamptz IS NULL OR c.created_at >= $4) AND ($5::timestamptz IS NULL OR c.created_at < $5)
         AND ($6::bigint IS NULL OR c.id < $6::bigint)
     ) AS listed
     WHERE state = ANY($8::text[]) AND ($1 = '' OR merchant_uid = $1)
     ORDER BY seq DESC LIMIT $7`,
    params,
  );
}

export async function listTexts(
  tx: Queryable,
  outcome: 'unparsed' | 'ignored',
  filter: CreditFilter,
): Promise<Record<string, unknown>[]> {
  return tx.query(
    `SELECT t.id::text AS id, t.source_id, s.merchant_uid, s.account, t.channel, t.sender, t.body, t.received_at,
            t.created_at, t.outcome AS state, t.reason
     FROM raw_texts t JOIN credit_sources s ON s.id = t.source_id
     WHERE t.outcome = $1 AND ($2 = '' OR s.merchant_uid = $2) AND ($3 = '' OR t.source_id = $3)
       AND ($4::timestamptz IS NULL OR t.created_at >= $4) AND ($5::timestamptz IS NULL OR t.created_at < $5)
       AND ($6::bigint IS NULL OR t.id < $6::bigint)
     ORDER BY t.id DESC LIMIT $7`,
    [
      outcome,
      filter.merchantUid,
      filter.sourceId,
      filter.from ?? null,
      filter.to ?? null,
      filter.before ?? null,
      filter.limit,
    ],
  );
}
