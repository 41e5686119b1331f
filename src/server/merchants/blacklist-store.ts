/** SQL for blacklists: the one module that writes `blacklist` (payer names a merchant refuses). */
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { rowsQuery, statement } from '../store/rows.js';

export const addToBlacklist = statement(
  'INSERT INTO blacklist (merchant_uid, from_name, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
  (merchantUid: string, fromName: string, now: Date) => [merchantUid, fromName, now],
);

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

const BlacklistRow = z.object({ from_name: z.string(), created_at: z.date() });
export type BlacklistEntry = z.infer<typeof BlacklistRow>;

export const listBlacklist = rowsQuery(
  BlacklistRow,
  'SELECT from_name, created_at FROM blacklist WHERE merchant_uid = $1 ORDER BY created_at DESC, from_name',
  (merchantUid: string) => [merchantUid],
);
