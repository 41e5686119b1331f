/**
 * SQL for API keys: the one module that writes `api_keys`. A key's secret is stored sealed with
 * the service key (secret-box.ts) and shown once, when it is issued.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { queryRow, rowsQuery } from '../store/rows.js';
import { ApiKeyRow, type Merchant, MerchantRow } from './merchant.js';
import { seal, unseal } from './secret-box.js';

const SealedSecretRow = z.object({ sealed_secret: z.string() });

/** A key as handed to the operator once: the secret is never shown again. */
export interface IssuedKey {
  readonly merchant_uid: string;
  readonly api_key: string;
  readonly api_secret: string;
}

export async function issueKey(
  tx: Queryable,
  secretKey: Buffer,
  merchantUid: string,
  now: Date,
): Promise<IssuedKey> {
  const apiKey = `ak_${randomBytes(12).toString('hex')}`;
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

export async function activeKeyCount(tx: Queryable, merchantUid: string): Promise<number> {
  const row = await queryRow(
    tx,
    z.object({ n: z.coerce.number() }),
    `SELECT count(*)::int AS n FROM api_keys WHERE merchant_uid = $1 AND status = 'active'`,
    [merchantUid],
  );
  return row?.n ?? 0;
}

export async function isActiveKey(tx: Queryable, merchantUid: string, apiKey: string): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM api_keys WHERE key = $1 AND merchant_uid = $2 AND status = 'active'`,
    [apiKey, merchantUid],
  );
  return rows.length > 0;
}

export const listKeys = rowsQuery(
  ApiKeyRow,
  'SELECT key, merchant_uid, status, created_at, revoked_at FROM api_keys WHERE merchant_uid = $1 ORDER BY created_at',
  (merchantUid: string) => [merchantUid],
);

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
