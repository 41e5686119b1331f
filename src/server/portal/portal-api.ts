/**
 * The merchant portal's session routes as they describe themselves (under /merchant/api), and the
 * operator's routes for a merchant's portal users (under /operator/api).
 */
import { z } from 'zod';
import {
  InvitedUserSchema,
  MerchantUsersSchema,
  PortalSessionSchema,
  PortalSignedInSchema,
} from '../../shared/portal-views.js';
import { SignedOutSchema } from '../../shared/session-view.js';
import { apiRoute } from '../http/api-route.js';
import { MerchantParams } from '../http/request-fields.js';
import { EmailField, PasswordField } from './merchant-users.js';

/** Where app.ts mounts the portal's API. */
export const PORTAL_API_PREFIX = '/merchant/api';

export const InviteSchema = z.object({ email: EmailField }).meta({ id: 'MerchantUserInvite' });

export const PortalSignInSchema = z
  .object({ email: EmailField, password: z.string().min(1).max(200) })
  .meta({ id: 'PortalSignIn' });

export const AcceptInviteSchema = z
  .object({
    token: z.string().min(1).max(100).describe('The token from the invitation link (after #invite=)'),
    password: PasswordField,
  })
  .meta({ id: 'PortalAcceptInvite' });

const signedIn = {
  description: 'Signed in',
  data: PortalSignedInSchema,
  headers: { 'Set-Cookie': 'The portal session cookie' },
};

export const INVITE_MERCHANT_USER = apiRoute({
  id: 'inviteMerchantUser',
  method: 'post',
  path: '/merchants/:uid/users',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: "Invite a person to the merchant's portal: a one-time invite_url, valid 72 hours",
  description:
    'Inviting again a user who has not set a password yet answers a new link (the old one stops working). ' +
    "An address held by a user who has signed up, or by another merchant's user, is refused with 409 name_taken.",
  body: InviteSchema,
  bodyExample: { email: 'accounts@chaipoint.in' },
  answers: { 201: { description: 'The user and the invitation link (shown once)', data: InvitedUserSchema } },
  errors: [404, 409],
});

export const LIST_MERCHANT_USERS = apiRoute({
  id: 'listMerchantUsers',
  method: 'get',
  path: '/merchants/:uid/users',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: "The merchant's portal users",
  answers: { 200: { description: 'Users, oldest first', data: MerchantUsersSchema } },
  errors: [404],
});

export const ACCEPT_INVITE = apiRoute({
  id: 'portalAcceptInvite',
  method: 'post',
  path: '/invite',
  tag: 'portal',
  auth: 'public',
  summary: 'Open an invitation: set the password and sign in (the invitation is used up)',
  description: 'Same-origin only. An unknown, used or expired invitation is refused with 404.',
  body: AcceptInviteSchema,
  answers: { 201: signedIn },
  errors: [403, 404],
});

export const PORTAL_SIGN_IN = apiRoute({
  id: 'portalSignIn',
  method: 'post',
  path: '/session',
  tag: 'portal',
  auth: 'public',
  summary: 'Sign in to the merchant portal with e-mail and password',
  description:
    'Same-origin only. Failed attempts are limited per account and per client address: once either ' +
    'limit is reached, every attempt is answered 429 with Retry-After until it refills.',
  body: PortalSignInSchema,
  answers: { 201: signedIn },
  errors: [401, 403, 429],
});

export const PORTAL_SESSION = apiRoute({
  id: 'portalSession',
  method: 'get',
  path: '/session',
  tag: 'portal',
  auth: 'public',
  summary: 'The current portal session (signed_in false without one)',
  answers: { 200: { description: 'The session', data: PortalSessionSchema } },
  errors: [],
});

export const PORTAL_SIGN_OUT = apiRoute({
  id: 'portalSignOut',
  method: 'delete',
  path: '/session',
  tag: 'portal',
  auth: 'public',
  summary: 'Sign out of the portal (X-CSRF-Token required with a session)',
  answers: { 200: { description: 'Signed out', data: SignedOutSchema } },
  errors: [403],
});
