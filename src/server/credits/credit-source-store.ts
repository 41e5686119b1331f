/**
 * Credit sources: where an account's credits come from (an SMS forwarder, statement files, the
 * API), each bound to one collection account of one merchant, so every credit it yields has a
 * known payee. An SMS source has a secret ingest token: only its SHA-256 digest is stored, and
 * the token is shown once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { queryRow, rowQuery, rowsQuery, statement } from '../store/rows.js';

export const CREDIT_SOURCE_KINDS = ['sms', 'statement', 'api'] as const;
export type CreditSourceKind = (typeof CREDIT_SOURCE_KINDS)[number];

export const CreditSourceRow = z.object({
  id: z.string(),
  merchant_uid: z.string(),
  account: z.string(),
  kind: z.enum(CREDIT_SOURCE_KINDS),
  name: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: z.date(),
  revoked_at: z.date().nullable(),
  /** DLT codes an operator vouched for, beside the bank's own (bank-text/bank-senders.ts). */
  sender_codes: z.array(z.string()),
  /** E-mail domains an operator vouched for, beside the bank's own. */
  sender_domains: z.array(z.string()),
});
export type CreditSource = Readonly<z.infer<typeof CreditSourceRow>>;

export interface NewCreditSource {
  readonly merchantUid: string;
  readonly account: string;
  readonly kind: CreditSourceKind;
  readonly name: string;
}

const COLUMNS =
  'id, merchant_uid, account, kind, name, status, created_at, revoked_at, sender_codes, sender_domains';

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function insertCreditSource(
  tx: Queryable,
  input: NewCreditSource,
  now: Date,
): Promise<{ source: CreditSource; ingestToken: string | undefined }> {
  const id = `cs_${randomBytes(8).toString('hex')}`;
  const ingestToken =
    input.kind === 'sms' || input.kind === 'api' ? `it_${randomBytes(24).toString('base64url')}` : undefined;
  const source = await queryRow(
    tx,
    CreditSourceRow,
    `INSERT INTO credit_sources (id, merchant_uid, account, kind, name, token_digest, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      id,
      input.merchantUid,
      input.account,
      input.kind,
      input.name,
      ingestToken ? tokenDigest(ingestToken) : null,
      now,
    ],
  );
  if (!source) throw new Error('credit source insert returned no row');
  return { source, ingestToken };
}

export async function findCreditSource(tx: Queryable, id: string): Promise<CreditSource | undefined> {
  return queryRow(tx, CreditSourceRow, `SELECT ${COLUMNS} FROM credit_sources WHERE id = $1`, [id]);
}

/** The active SMS source whose token this is. The lookup is by digest, so it leaks no timing. */
export const findSourceByToken = rowQuery(
  CreditSourceRow,
  `SELECT ${COLUMNS} FROM credit_sources WHERE token_digest = $1 AND status = 'active'`,
  (token: string) => [tokenDigest(token)],
);

export const listCreditSources = rowsQuery(
  CreditSourceRow,
  `SELECT ${COLUMNS} FROM credit_sources WHERE ($1 = '' OR merchant_uid = $1) ORDER BY created_at, id`,
  (merchantUid: string) => [merchantUid],
);

export const revokeCreditSource = rowQuery(
  CreditSourceRow,
  `UPDATE credit_sources SET status = 'revoked', revoked_at = COALESCE(revoked_at, $2)
   WHERE id = $1 RETURNING ${COLUMNS}`,
  (id: string, now: Date) => [id, now],
);

/** Replaces the senders an operator vouched for on the source; undefined when there is no such source. */
export const setSourceSenders = rowQuery(
  CreditSourceRow,
  `UPDATE credit_sources SET sender_codes = $2::text[], sender_domains = $3::text[]
   WHERE id = $1 RETURNING ${COLUMNS}`,
  (
    id: string,
    senders: { readonly sender_codes: readonly string[]; readonly sender_domains: readonly string[] },
  ) => [id, senders.sender_codes, senders.sender_domains],
);

/** The forwarder of an SMS source said it is alive. */
export const recordHeartbeat = statement(
  'UPDATE credit_sources SET last_heartbeat_at = $2 WHERE id = $1',
  (id: string, now: Date) => [id, now],
);

export const SOURCE_STATES = ['active', 'silent', 'revoked'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

const WatchedSourceRow = CreditSourceRow.extend({
  last_text_at: z.date().nullable(),
  last_heartbeat_at: z.date().nullable(),
  texts_last_hour: z.number().int(),
  state: z.enum(SOURCE_STATES),
  silent_since: z.date().nullable(),
});
export type WatchedSource = z.infer<typeof WatchedSourceRow>;

/**
 * Sources with what the watch knows of them. An SMS source is `silent` when it had no text and no
 * heartbeat since `quietSince` (nor was it created since) while it is expected to be active: its
 * forwarder sent heartbeats before, or a payer's claim on its account has waited since then with
 * no credit naming its UTR.
 */
export const watchedCreditSources = rowsQuery(
  WatchedSourceRow,
  `SELECT *, CASE
       WHEN status = 'revoked' THEN 'revoked'
       WHEN kind = 'sms' AND GREATEST(last_text_at, last_heartbeat_at, created_at) < $3
            AND (last_heartbeat_at IS NOT NULL OR claims_waiting) THEN 'silent'
       ELSE 'active' END AS state
   FROM (
     SELECT ${COLUMNS.split(', ')
       .map((column) => `s.${column}`)
       .join(', ')}, s.last_heartbeat_at, s.silent_since,
            (SELECT max(t.created_at) FROM raw_texts t WHERE t.source_id = s.id) AS last_text_at,
            (SELECT count(*)::int FROM raw_texts t WHERE t.source_id = s.id AND t.created_at > $2)
              AS texts_last_hour,
            EXISTS (
              SELECT 1 FROM utr_claims c JOIN orders o ON o.payment_uid = c.payment_uid
              WHERE o.to_account = s.account AND o.merchant_uid = s.merchant_uid
                AND o.payment_status NOT IN ('completed', 'reject', 'refund') AND c.claimed_at < $3
                AND NOT EXISTS (SELECT 1 FROM bank_credits b WHERE b.utr = c.utr)
            ) AS claims_waiting
     FROM credit_sources s WHERE ($1 = '' OR s.merchant_uid = $1)
   ) AS watched
   ORDER BY created_at, id`,
  (merchantUid: string, now: Date, quietSince: Date) => [
    merchantUid,
    new Date(now.getTime() - 3_600_000),
    quietSince,
  ],
);

/**
 * Marks the source silent since `at` (or no longer silent, `at` null); false when another process
 * did it first, so that each change is announced once.
 */
export async function markSilence(tx: Queryable, id: string, at: Date | null): Promise<boolean> {
  const changed = await tx.query(
    `UPDATE credit_sources SET silent_since = $2
     WHERE id = $1 AND (CASE WHEN $2::timestamptz IS NULL THEN silent_since IS NOT NULL ELSE silent_since IS NULL END)
     RETURNING id`,
    [id, at],
  );
  return changed.length > 0;
}
