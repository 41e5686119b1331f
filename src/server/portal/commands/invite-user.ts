/**
 * An operator, or one of the merchant's users, invites a person to the merchant's portal, audited
 * in one transaction. The invitation link is answered once and never written (only its digest).
 */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { lockMerchant } from '../../merchants/merchant-store.js';
import { type InviteResult, inviteUser as invite } from '../merchant-users.js';

export async function inviteUser(
  deps: CommandDeps,
  input: { readonly merchantUid: string; readonly email: string; readonly actor: string },
): Promise<InviteResult | { readonly kind: 'no_merchant' }> {
  return runCommand(deps, async (tx, now) => {
    const merchant = await lockMerchant(tx, input.merchantUid);
    if (!merchant) return { kind: 'no_merchant' as const };
    const result = await invite(
      tx,
      { merchantUid: merchant.uid, email: input.email, invitedBy: input.actor },
      now,
    );
    if (result.kind !== 'invited') return result;
    await recordAction(tx, now, input, {
      action: result.renewed ? 'merchant_user.reinvite' : 'merchant_user.invite',
      subject: `merchant:${merchant.uid}`,
      after: { user_id: result.user.id, email: result.user.email, invite_expires_at: result.expiresAt },
    });
    return result;
  });
}
