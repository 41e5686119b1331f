/**
 * SQL for merchants: the one module that writes `merchants`. A merchant is opened together with
 * its ledger accounts (open-merchant.ts); its keys and blacklist have stores of their own.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CallbackStatuses } from '../../shared/callback-statuses.js';
import { prepared, type Queryable, type SqlParam } from '../store/db.js';
import { queryRow, queryRows, rowQuery, statement } from '../store/rows.js';
import { type Merchant, MerchantRow } from './merchant.js';

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
  readonly payout_channel?: Merchant['payout_channel'] | undefined;
}

/** Inserts the merchant row alone: open-merchant.ts opens a merchant with its ledger accounts. */
export async function insertMerchant(tx: Queryable, input: NewMerchant, now: Date): Promise<Merchant> {
  const uid = `M${randomBytes(8).toString('hex')}`.toUpperCase();
  const merchant = await queryRow(
    tx,
    MerchantRow,
    `INSERT INTO merchants (uid, name, upi_vpa, upi_payee_name, imps_account, imps_account_name, imps_ifsc,
       imps_bank_name, upi_min, upi_max, imps_min, imps_max, embed_origins, brand_color, created_at, updated_at,
       upi_mc, upi_purpose, support_contact, callback_statuses, payout_channel)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19, $20)
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
      input.payout_channel ?? null,
    ],
  );
  if (!merchant) throw new Error('merchant insert returned no row');
  return merchant;
}

const FIND_MERCHANT_SQL = prepared('SELECT * FROM merchants WHERE uid = $1');
export const findMerchant = rowQuery(MerchantRow, FIND_MERCHANT_SQL, (uid: string) => [uid]);

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
export const findActiveMerchantWithKey = rowQuery(
  MerchantRow.extend({ api_key: z.string() }),
  `SELECT k.key AS api_key, m.* FROM merchants m
   JOIN api_keys k ON k.merchant_uid = m.uid AND k.status = 'active'
   WHERE m.upi_vpa = $1 AND m.status = 'active'
   ORDER BY m.created_at, k.created_at LIMIT 1`,
  (upiVpa: string) => [upiVpa],
);

export async function listMerchants(tx: Queryable): Promise<Merchant[]> {
  return queryRows(tx, MerchantRow, 'SELECT * FROM merchants ORDER BY created_at');
}

export const setMerchantStatus = rowQuery(
  MerchantRow,
  'UPDATE merchants SET status = $2, updated_at = $3 WHERE uid = $1 RETURNING *',
  (uid: string, status: Merchant['status'], now: Date) => [uid, status, now],
);

/** Whether any merchant exists (the demo merchant is made on an empty store only). */
export async function hasMerchants(tx: Queryable): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM merchants LIMIT 1')).length > 0;
}

/**
 * Serialises the making of the demo merchant among processes starting together on one database,
 * until the transaction ends (any fixed number: an advisory lock of its own).
 */
export const lockDemoMerchantCreation = statement('SELECT pg_advisory_xact_lock($1)', () => [
  DEMO_MERCHANT_LOCK,
]);
const DEMO_MERCHANT_LOCK = 7_260_302;

const CollectorsRow = z.object({ n: z.number().int(), uid: z.string().nullable() });

/** The merchants with a collection account (a UPI address or an IMPS account). */
export interface Collectors {
  readonly count: number;
  /** The one merchant, when exactly one collects. */
  readonly only: string | null;
}

/** Which merchants collect: a credit that names no payee can be only theirs. */
export async function collectingMerchants(tx: Queryable): Promise<Collectors> {
  const row = await queryRow(
    tx,
    CollectorsRow,
    `SELECT count(*)::int AS n, min(uid) AS uid FROM merchants WHERE upi_vpa <> '' OR imps_account <> ''`,
  );
  return { count: row?.n ?? 0, only: row?.n === 1 ? row.uid : null };
}

/** A merchant's collection accounts, as a new or changed merchant would have them. */
export interface CollectionAccounts {
  readonly upiVpa: string;
  readonly impsAccount: string;
  readonly impsIfsc: string;
}

/**
 * Serialises every change of who owns a collection account (a merchant created or edited, a
 * credit source registered) until the transaction ends, so that two changes cannot both find an
 * account free (any fixed number: an advisory lock of its own).
 */
export const lockCollectionAccounts = statement('SELECT pg_advisory_xact_lock($1)', () => [
  COLLECTION_ACCOUNTS_LOCK,
]);
const COLLECTION_ACCOUNTS_LOCK = 7_260_303;

const UidRow = z.object({ uid: z.string() });

/**
 * Whether another merchant (enabled or disabled) holds one of these accounts: the same UPI address
 * (case-insensitive), the same IMPS account number at the same IFSC, or either as the account of an
 * active credit source of its own. Take lockCollectionAccounts first.
 */
export async function accountsHeldByOthers(
  tx: Queryable,
  accounts: CollectionAccounts,
  exceptUid: string,
): Promise<boolean> {
  const vpa = accounts.upiVpa.trim().toLowerCase();
  const number = accounts.impsAccount.trim();
  const rows = await queryRows(
    tx,
    UidRow,
    `SELECT m.uid FROM merchants m
     WHERE m.uid <> $1 AND (
       ($2 <> '' AND m.upi_vpa <> '' AND lower(m.upi_vpa) = $2)
       OR ($3 <> '' AND m.imps_account = $3 AND upper(m.imps_ifsc) = upper($4))
       OR EXISTS (SELECT 1 FROM credit_sources s WHERE s.merchant_uid = m.uid AND s.status = 'active'
                    AND lower(s.account) IN ($2, lower($3)) AND s.account <> ''))
     LIMIT 1`,
    [exceptUid, vpa, number, accounts.impsIfsc.trim()],
  );
  return rows.length > 0;
}
