/** One of the merchant's users (or an operator) removes a user: their sessions end with it, audited. */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { type MerchantUser, markUserRemoved } from '../merchant-user-store.js';
import { deletePortalSessionsOf } from '../portal-session-store.js';

/** The removed user; undefined when the merchant has no such user. */
export async function removeUser(
  deps: CommandDeps,
  input: { readonly merchantUid: string; readonly userId: string; readonly actor: string },
): Promise<MerchantUser | undefined> {
  return runCommand(deps, async (tx, now) => {
    const user = await markUserRemoved(tx, input.merchantUid, input.userId, now);
    if (!user) return undefined;
    await deletePortalSessionsOf(tx, user.id);
    await recordAction(tx, now, input, {
      action: 'merchant_user.remove',
      subject: `merchant:${user.merchant_uid}`,
      before: { user_id: user.id, email: user.email },
      after: { user_id: user.id, email: user.email, status: 'removed' },
    });
    return user;
  });
}
