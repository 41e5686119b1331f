/**
 * Merchant users: invited by an operator or a colleague with a one-time link valid 72 hours, then
 * signed in with e-mail and password. The invitation token is random (32 bytes) and stored only
 * as its SHA-256 digest; the link carries it in the fragment (`/merchant/#invite=…`), which
 * browsers send neither to the server nor in Referer.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';
import { digest, randomToken } from '../operator/operator-accounts.js';
import type { Queryable } from '../store/db.js';
import {
  insertUser,
  lockUserByInvite,
  type MerchantUser,
  renewInvite,
  setPassword,
  userByEmail,
} from './merchant-user-store.js';
import { hashPassword } from './passwords.js';

export const INVITE_HOURS = 72;

export const EmailField = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address')
  .describe("The user's e-mail address, with which they sign in");

export const PasswordField = z
  .string()
  .min(10, 'must be 10 characters or more')
  .max(200, 'must be 200 characters or fewer')
  .describe('A password of 10 to 200 characters');

export function inviteUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/merchant/#invite=${token}`;
}

export type InviteResult =
  | {
      readonly kind: 'invited';
      readonly user: MerchantUser;
      readonly token: string;
      readonly expiresAt: Date;
      readonly renewed: boolean;
    }
  | { readonly kind: 'email_taken' };

/**
 * Invites `email` to the merchant: a new user, or a new link for one of the merchant's users who
 * has not set a password yet (the old link stops working). An address held by a user who has
 * signed up, or by another merchant's user, is refused.
 */
export async function inviteUser(
  tx: Queryable,
  input: { readonly merchantUid: string; readonly email: string; readonly invitedBy: string },
  now: Date,
): Promise<InviteResult> {
  const token = randomToken('inv_');
  const expiresAt = new Date(now.getTime() + INVITE_HOURS * 3600_000);
  const existing = await userByEmail(tx, input.email);
  if (existing) {
    if (existing.merchant_uid !== input.merchantUid || existing.password_hash !== null) {
      return { kind: 'email_taken' };
    }
    if (!(await renewInvite(tx, existing.id, digest(token), expiresAt))) return { kind: 'email_taken' };
    return { kind: 'invited', user: existing, token, expiresAt, renewed: true };
  }
  const user = await insertUser(
    tx,
    {
      id: `usr_${randomBytes(12).toString('base64url')}`,
      merchantUid: input.merchantUid,
      email: input.email,
      inviteDigest: digest(token),
      inviteExpiresAt: expiresAt,
      createdBy: input.invitedBy,
    },
    now,
  );
  return user ? { kind: 'invited', user, token, expiresAt, renewed: false } : { kind: 'email_taken' };
}

/** Sets the password of the invitation's user and uses the invitation up; undefined if it is not valid. */
export async function acceptInvite(
  tx: Queryable,
  token: string,
  password: string,
  now: Date,
): Promise<MerchantUser | undefined> {
  if (token === '' || token.length > 100) return undefined;
  const user = await lockUserByInvite(tx, digest(token), now);
  if (!user) return undefined;
  await setPassword(tx, user.id, await hashPassword(password), now);
  return user;
}

/** What a user looks like to the operator and the merchant's team: no hash, no invitation. */
export function userView(user: MerchantUser) {
  return {
    user_id: user.id,
    merchant_uid: user.merchant_uid,
    email: user.email,
    status: user.password_hash === null ? ('invited' as const) : ('active' as const),
    invited_by: user.created_by,
    created_at: user.created_at.toISOString(),
  };
}

/** The answer to an invitation: the user and the link, shown once. */
export function invitedView(publicBaseUrl: string, result: Extract<InviteResult, { kind: 'invited' }>) {
  return {
    ...userView(result.user),
    invite_url: inviteUrl(publicBaseUrl, result.token),
    invite_expires_at: result.expiresAt.toISOString(),
  };
}

export const emailTaken = () =>
  new AppError(ERROR_CODES.nameTaken, 'email: another portal user holds this address');
