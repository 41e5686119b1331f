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
import { created, ok, operatorApi, routeGroup } from '../http/route-group.js';
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

/** The answer to an invitation, the operator's or a colleague's in the portal. */
export const invited = created('The user and the invitation link (shown once)', InvitedUserSchema);

/** The merchant's portal users, as the operator and the portal's team screen list them. */
export const merchantUsers = {
  summary: "The merchant's portal users",
  answers: ok('Users, oldest first', MerchantUsersSchema),
} as const;

export const INVITE_MERCHANT_USER = operatorApi.post('/merchants/:uid/users', 'inviteMerchantUser', {
  summary: "Invite a person to the merchant's portal: a one-time invite_url, valid 72 hours",
  description:
    'Inviting again a user who has not set a password yet answers a new link (the old one stops working). ' +
    "An address held by a user who has signed up, or by another merchant's user, is refused with 409 name_taken.",
  body: InviteSchema,
  bodyExample: { email: 'accounts@chaipoint.in' },
  answers: invited,
  errors: [409],
});

export const LIST_MERCHANT_USERS = operatorApi.get(
  '/merchants/:uid/users',
  'listMerchantUsers',
  merchantUsers,
);

/** The portal's session: the invitation, sign-in, the session, sign-out (under /merchant/api). */
const portalSessionApi = routeGroup('portal', 'public');

export const ACCEPT_INVITE = portalSessionApi.post('/invite', 'portalAcceptInvite', {
  summary: 'Open an invitation: set the password and sign in (the invitation is used up)',
  description: 'Same-origin only. An unknown, used or expired invitation is refused with 404.',
  body: AcceptInviteSchema,
  answers: { 201: signedIn },
  errors: [403, 404],
});

export const PORTAL_SIGN_IN = portalSessionApi.post('/session', 'portalSignIn', {
  summary: 'Sign in to the merchant portal with e-mail and password',
  description:
    'Same-origin only. Failed attempts are limited per account and per client address: once either ' +
    'limit is reached, every attempt is answered 429 with Retry-After until it refills.',
  body: PortalSignInSchema,
  answers: { 201: signedIn },
  errors: [401, 403, 429],
});

export const PORTAL_SESSION = portalSessionApi.get('/session', 'portalSession', {
  summary: 'The current portal session (signed_in false without one)',
  answers: ok('The session', PortalSessionSchema),
});

export const PORTAL_SIGN_OUT = portalSessionApi.delete('/session', 'portalSignOut', {
  summary: 'Sign out of the portal (X-CSRF-Token required with a session)',
  answers: ok('Signed out', SignedOutSchema),
  errors: [403],
});
