/**
 * SQL for the merchant portal's users: the one module that writes `merchant_users`. A user belongs
 * to one merchant; an e-mail address is held by at most one user who has not been removed. The
 * invitation and the password are stored only as a digest and an scrypt hash (merchant-users.ts).
 */
import { z } from 'zod';
import type { Queryable } from '../store/db.js';
import { rowQuery, rowsQuery, statement } from '../store/rows.js';

const UserRow = z.object({
  id: z.string(),
  merchant_uid: z.string(),
  email: z.string(),
  password_hash: z.string().nullable(),
  invite_expires_at: z.date().nullable(),
  created_by: z.string(),
  created_at: z.date(),
  activated_at: z.date().nullable(),
  removed_at: z.date().nullable(),
});
export type MerchantUser = Readonly<z.infer<typeof UserRow>>;

const COLUMNS =
  'id, merchant_uid, email, password_hash, invite_expires_at, created_by, created_at, activated_at, removed_at';

export interface NewMerchantUser {
  readonly id: string;
  readonly merchantUid: string;
  readonly email: string;
  readonly inviteDigest: string;
  readonly inviteExpiresAt: Date;
  readonly createdBy: string;
}

/** The new user, or undefined when another user holds the e-mail address. */
export const insertUser = rowQuery(
  UserRow,
  `INSERT INTO merchant_users (id, merchant_uid, email, invite_digest, invite_expires_at, created_by, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7)
   ON CONFLICT DO NOTHING
   RETURNING ${COLUMNS}`,
  (user: NewMerchantUser, now: Date) => [
    user.id,
    user.merchantUid,
    user.email,
    user.inviteDigest,
    user.inviteExpiresAt,
    user.createdBy,
    now,
  ],
);

/** The user (not removed) holding this e-mail address, in any case. */
export const userByEmail = rowQuery(
  UserRow,
  `SELECT ${COLUMNS} FROM merchant_users WHERE lower(email) = lower($1) AND removed_at IS NULL`,
  (email: string) => [email],
);

/** A new invitation for a user who has not set a password yet; false when there is none such. */
export async function renewInvite(
  tx: Queryable,
  id: string,
  inviteDigest: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE merchant_users SET invite_digest = $2, invite_expires_at = $3
     WHERE id = $1 AND password_hash IS NULL AND removed_at IS NULL RETURNING 1`,
    [id, inviteDigest, expiresAt],
  );
  return rows.length > 0;
}

/** The user an unexpired invitation belongs to, locked for setting the password. */
export const lockUserByInvite = rowQuery(
  UserRow,
  `SELECT ${COLUMNS} FROM merchant_users
   WHERE invite_digest = $1 AND invite_expires_at > $2 AND removed_at IS NULL FOR UPDATE`,
  (inviteDigest: string, now: Date) => [inviteDigest, now],
);

/** Sets the password and uses up the invitation (it cannot be opened twice). */
export const setPassword = statement(
  `UPDATE merchant_users SET password_hash = $2, invite_digest = NULL, invite_expires_at = NULL,
     activated_at = COALESCE(activated_at, $3)
   WHERE id = $1`,
  (id: string, passwordHash: string, now: Date) => [id, passwordHash, now],
);

/** The merchant's users who have not been removed, oldest first. */
export const listUsers = rowsQuery(
  UserRow,
  `SELECT ${COLUMNS} FROM merchant_users WHERE merchant_uid = $1 AND removed_at IS NULL
   ORDER BY created_at, id`,
  (merchantUid: string) => [merchantUid],
);

/** Removes one of the merchant's users; undefined when the merchant has no such user. */
export const markUserRemoved = rowQuery(
  UserRow,
  `UPDATE merchant_users SET removed_at = $3, invite_digest = NULL, invite_expires_at = NULL
   WHERE merchant_uid = $1 AND id = $2 AND removed_at IS NULL
   RETURNING ${COLUMNS}`,
  (merchantUid: string, id: string, now: Date) => [merchantUid, id, now],
);
