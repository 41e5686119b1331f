/**
 * Credit sources: where an account's credits come from (an SMS forwarder, statement files, the
 * API), each bound to one collection account of one merchant, so every credit it yields has a
 * known payee. An SMS source has a secret ingest token: only its SHA-256 digest is stored, and
 * the token is shown once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { queryRow, queryRows } from '../store/rows.js';

export const CREDIT_SOURCE_KINDS = ['sms', 'statement', 'api'] as const;
export type CreditSourceKind = (typeof CREDIT_SOURCE_KINDS)[number];

export interface CreditSource {
  readonly id: string;
  readonly merchant_uid: string;
  readonly account: string;
  readonly kind: CreditSourceKind;
  readonly name: string;
  readonly status: 'active' | 'revoked';
  readonly created_at: Date;
  readonly revoked_at: Date | null;
}

export interface NewCreditSource {
  readonly merchantUid: string;
  readonly account: string;
  readonly kind: CreditSourceKind;
  readonly name: string;
}

export const CreditSourceRow = z.object({
  id: z.string(),
  merchant_uid: z.string(),
  account: z.string(),
  kind: z.enum(CREDIT_SOURCE_KINDS),
  name: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: z.date(),
  revoked_at: z.date().nullable(),
}) satisfies z.ZodType<CreditSource>;

const COLUMNS = 'id, merchant_uid, account, kind, name, status, created_at, revoked_at';

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
export async function findSourceByToken(tx: Queryable, token: string): Promise<CreditSource | undefined> {
  return queryRow(
    tx,
    CreditSourceRow,
    `SELECT ${COLUMNS} FROM credit_sources WHERE token_digest = $1 AND status = 'active'`,
    [tokenDigest(token)],
  );
}

export async function listCreditSources(tx: Queryable, merchantUid: string): Promise<CreditSource[]> {
  return queryRows(
    tx,
    CreditSourceRow,
    `SELECT ${COLUMNS} FROM credit_sources WHERE ($1 = '' OR merchant_uid = $1) ORDER BY created_at, id`,
    [merchantUid],
  );
}

export async function revokeCreditSource(
  tx: Queryable,
  id: string,
  now: Date,
): Promise<CreditSource | undefined> {
  return queryRow(
    tx,
    CreditSourceRow,
    `UPDATE credit_sources SET status = 'revoked', revoked_at = COALESCE(revoked_at, $2)
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, now],
  );
}
