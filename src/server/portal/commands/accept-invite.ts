/** A person opens their invitation and sets a password: the invitation is used up, audited. */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import type { MerchantUser } from '../merchant-user-store.js';
import { acceptInvite as accept } from '../merchant-users.js';

/** The user, or undefined when the invitation is unknown, used or expired. */
export async function acceptInvite(
  deps: CommandDeps,
  input: { readonly token: string; readonly password: string },
): Promise<MerchantUser | undefined> {
  return runCommand(deps, async (tx, now) => {
    const user = await accept(tx, input.token, input.password, now);
    if (!user) return undefined;
    await recordAction(
      tx,
      now,
      { actor: user.email },
      {
        action: 'merchant_user.set_password',
        subject: `merchant:${user.merchant_uid}`,
        after: { user_id: user.id, email: user.email, status: 'active' },
      },
    );
    return user;
  });
}
