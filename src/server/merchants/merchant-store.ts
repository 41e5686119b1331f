/** SQL for merchants, their API keys and blacklists. */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CallbackStatuses } from '../../shared/callback-statuses.js';
import { prepared, type Queryable, type SqlParam } from '../store/db.js';
import { queryRow, queryRows } from '../store/rows.js';
import { type ApiKeyRecord, ApiKeyRow, type Merchant, MerchantRow } from './merchant.js';

const SealedSecretRow = z.object({ sealed_secret: z.string() });

import { seal, unseal } from './secret-box.js';

export interface NewMerchant {
  readonly name: string;
  readonly upi_vpa?: string | undefined;
  readonly upi_payee_name?: string | undefined;
  readonly imps_account?: string | undefined;
  readonly imps_account_name?: string | undefined;
  readonly imps_ifsc?: string | undefined;
  readonly imps_bank_name?: string | undefined;
  readonly upi_min?: number | undefined;
  readonly upi_max?: number | undefined;
  readonly imps_min?: number | undefined;
  readonly imps_max?: number | undefined;
  readonly embed_origins?: readonly string[] | undefined;
  readonly brand_color?: string | null | undefined;
  readonly upi_mc?: string | undefined;
  readonly upi_purpose?: string | undefined;
  readonly support_contact?: string | undefined;
  readonly callback_statuses?: CallbackStatuses | undefined;
}

/** The merchant's payer-facing profile fields the operator may change after creation. */

/** A key as handed to the operator once: the secret is never shown again. */
export interface IssuedKey {
  readonly merchant_uid: string;
  readonly api_key: string;
  readonly api_secret: string;
}

const newId = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export async function insertMerchant(tx: Queryable, input: NewMerchant, now: Date): Promise<Merchant> {
  const uid = newId('M', 8).toUpperCase();
  const merchant = await queryRow(
    tx,
    MerchantRow,
    `INSERT INTO merchants (uid, name, upi_vpa, upi_payee_name, imps_account, imps_account_name, imps_ifsc,
       imps_bank_name, upi_min, upi_max, imps_min, imps_max, embed_origins, brand_color, created_at, updated_at,
       upi_mc, upi_purpose, support_contact, callback_statuses)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19)
     RETURNING *`,
    [
      uid,
      input.name,
      input.upi_vpa ?? '',
      input.upi_payee_name ?? input.name,
      input.imps_account ?? '',
      input.imps_account_name ?? input.name,
      input.imps_ifsc ?? '',
      input.imps_bank_name ?? '',
      input.upi_min ?? 100,
      input.upi_max ?? 10_000_000,
      input.imps_min ?? 100,
      input.imps_max ?? 50_000_000,
      input.embed_origins ?? [],
      input.brand_color ?? null,
      now,
      input.upi_mc ?? '',
      input.upi_purpose ?? '',
      input.support_contact ?? '',
      input.callback_statuses ?? 'all',
    ],
  );
  if (!merchant) throw new Error('merchant insert returned no row');
  await tx.query(
    `INSERT INTO ledger_accounts (id, merchant_uid, kind) VALUES ($1, $3, 'available'), ($2, $3, 'held')`,
    [availableAccount(uid), heldAccount(uid), uid],
  );
  return merchant;
}

export const availableAccount = (merchantUid: string) => `m:${merchantUid}:available`;
export const heldAccount = (merchantUid: string) => `m:${merchantUid}:held`;

export async function issueKey(
  tx: Queryable,
  secretKey: Buffer,
  merchantUid: string,
  now: Date,
): Promise<IssuedKey> {
  const apiKey = newId('ak_', 12);
  const apiSecret = randomBytes(32).toString('hex');
  await tx.query(
    'INSERT INTO api_keys (key, merchant_uid, sealed_secret, created_at) VALUES ($1, $2, $3, $4)',
    [apiKey, merchantUid, seal(secretKey, apiSecret), now],
  );
  return { merchant_uid: merchantUid, api_key: apiKey, api_secret: apiSecret };
}

export async function revokeKey(
  tx: Queryable,
  merchantUid: string,
  apiKey: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE api_keys SET status = 'revoked', revoked_at = $3
     WHERE key = $1 AND merchant_uid = $2 AND status = 'active' RETURNING key`,
    [apiKey, merchantUid, now],
  );
  return rows.length > 0;
}

export async function listKeys(tx: Queryable, merchantUid: string): Promise<ApiKeyRecord[]> {
  return queryRows(
    tx,
    ApiKeyRow,
    'SELECT key, merchant_uid, status, created_at, revoked_at FROM api_keys WHERE merchant_uid = $1 ORDER BY created_at',
    [merchantUid],
  );
}

export interface ActiveKey {
  readonly key: string;
  readonly secret: string;
  readonly merchant: Merchant;
}

/**
 * The active key and its merchant (one query), with the secret unsealed for verification;
 * undefined if unknown. Every signed request calls it.
 */
export async function findActiveKey(
  tx: Queryable,
  secretKey: Buffer,
  apiKey: string,
): Promise<ActiveKey | undefined> {
  const row = await queryRow(
    tx,
    MerchantRow.extend({ api_key: z.string(), sealed_secret: z.string() }),
    `SELECT k.key AS api_key, k.sealed_secret, m.*
     FROM api_keys k JOIN merchants m ON m.uid = k.merchant_uid
     WHERE k.key = $1 AND k.status = 'active'`,
    [apiKey],
  );
  if (!row) return undefined;
  const { api_key: key, sealed_secret: sealed, ...merchant } = row;
  return { key, secret: unsealCached(secretKey, sealed), merchant };
}

/**
 * Unsealing is a pure function of the service key and the sealed text (a key's sealed secret never
 * changes), so its results are kept, per service key, for the next requests signed with that key.
 */
const UNSEALED_MAX = 10_000;
const unsealed = new WeakMap<Buffer, Map<string, string>>();
function unsealCached(secretKey: Buffer, sealed: string): string {
  let cache = unsealed.get(secretKey);
  if (!cache) {
    cache = new Map();
    unsealed.set(secretKey, cache);
  }
  let plain = cache.get(sealed);
  if (plain === undefined) {
    plain = unseal(secretKey, sealed);
    if (cache.size >= UNSEALED_MAX) cache.clear();
    cache.set(sealed, plain);
  }
  return plain;
}

/** The secret of a merchant's key, for signing callbacks with the key that created the order. */
export async function secretForKey(
  tx: Queryable,
  secretKey: Buffer,
  apiKey: string,
): Promise<string | undefined> {
  const row = await queryRow(tx, SealedSecretRow, 'SELECT sealed_secret FROM api_keys WHERE key = $1', [
    apiKey,
  ]);
  return row ? unsealCached(secretKey, row.sealed_secret) : undefined;
}

const FIND_MERCHANT_SQL = prepared('SELECT * FROM merchants WHERE uid = $1');
export async function findMerchant(tx: Queryable, uid: string): Promise<Merchant | undefined> {
  const merchant = await queryRow(tx, MerchantRow, FIND_MERCHANT_SQL, [uid]);
  return merchant;
}

/** The merchant, its row locked until the transaction ends (settings are read, checked and written). */
export async function lockMerchant(tx: Queryable, uid: string): Promise<Merchant | undefined> {
  return queryRow(tx, MerchantRow, 'SELECT * FROM merchants WHERE uid = $1 FOR UPDATE', [uid]);
}

/**
 * Writes the given columns (names from the caller's validated schema, never from input) and
 * `updated_at`; answers the updated merchant, or undefined when there is none.
 */
export async function updateMerchantColumns(
  tx: Queryable,
  uid: string,
  columns: Readonly<Record<string, SqlParam>>,
  now: Date,
): Promise<Merchant | undefined> {
  const params: SqlParam[] = [uid];
  const sets = Object.entries({ ...columns, updated_at: now }).map(([column, value]) => {
    params.push(value);
    return `${column} = $${params.length}`;
  });
  return queryRow(
    tx,
    MerchantRow,
    `UPDATE merchants SET ${sets.join(', ')} WHERE uid = $1 RETURNING *`,
    params,
  );
}

/** The oldest active merchant collecting to this UPI address, with its oldest active key. */
export async function findActiveMerchantWithKey(
  tx: Queryable,
  upiVpa: string,
): Promise<(Merchant & { readonly api_key: string }) | undefined> {
  return queryRow(
    tx,
    MerchantRow.extend({ api_key: z.string() }),
    `SELECT k.key AS api_key, m.* FROM merchants m
     JOIN api_keys k ON k.merchant_uid = m.uid AND k.status = 'active'
     WHERE m.upi_vpa = $1 AND m.status = 'active'
     ORDER BY m.created_at, k.created_at LIMIT 1`,
    [upiVpa],
  );
}

export async function listMerchants(tx: Queryable): Promise<Merchant[]> {
  return queryRows(tx, MerchantRow, 'SELECT * FROM merchants ORDER BY created_at');
}

export async function setMerchantStatus(
  tx: Queryable,
  uid: string,
  status: Merchant['status'],
  now: Date,
): Promise<Merchant | undefined> {
  const merchant = await queryRow(
    tx,
    MerchantRow,
    'UPDATE merchants SET status = $2, updated_at = $3 WHERE uid = $1 RETURNING *',
    [uid, status, now],
  );
  return merchant;
}

export async function addToBlacklist(
  tx: Queryable,
  merchantUid: string,
  fromName: string,
  now: Date,
): Promise<void> {
  await tx.query(
    'INSERT INTO blacklist (merchant_uid, from_name, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [merchantUid, fromName, now],
  );
}

export async function removeFromBlacklist(
  tx: Queryable,
  merchantUid: string,
  fromName: string,
): Promise<boolean> {
  const rows = await tx.query(
    'DELETE FROM blacklist WHERE merchant_uid = $1 AND from_name = $2 RETURNING from_name',
    [merchantUid, fromName],
  );
  return rows.length > 0;
}

export async function isBlacklisted(tx: Queryable, merchantUid: string, fromName: string): Promise<boolean> {
  if (fromName === '') return false;
  const rows = await tx.query('SELECT 1 FROM blacklist WHERE merchant_uid = $1 AND from_name = $2', [
    merchantUid,
    fromName,
  ]);
  return rows.length > 0;
}
