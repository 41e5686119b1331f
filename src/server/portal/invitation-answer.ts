/**
 * The answer to an invitation, an operator's (portal-operator-routes.ts) and a merchant user's
 * (portal-routes.ts) alike: the user and the invitation link, shown once and never cached.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import { inviteUser } from './commands/invite-user.js';
import { emailTaken, invitedView } from './merchant-users.js';

/** Invites `input.email` to the merchant's portal; `noMerchant` is the 404's details when it is gone. */
export async function answerInvitation(
  c: Context,
  deps: AppDeps,
  input: Parameters<typeof inviteUser>[1],
  noMerchant: string,
) {
  const result = await inviteUser(deps, input);
  if (result.kind === 'no_merchant') throw notFound(noMerchant);
  if (result.kind === 'email_taken') throw emailTaken();
  c.header('Cache-Control', 'no-store');
  return success(c, invitedView(deps.config.publicBaseUrl, result), 201);
}
