/** A person opens their invitation and sets a password: the invitation is used up, audited. */
import type { AppDeps } from '../../app-deps.js';
import { writeAudit } from '../../audit/audit-store.js';
import type { MerchantUser } from '../merchant-user-store.js';
import { acceptInvite as accept } from '../merchant-users.js';

/** The user, or undefined when the invitation is unknown, used or expired. */
export async function acceptInvite(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { readonly token: string; readonly password: string },
): Promise<MerchantUser | undefined> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const user = await accept(tx, input.token, input.password, now);
    if (!user) return undefined;
    await writeAudit(
      tx,
      {
        actor: user.email,
        action: 'merchant_user.set_password',
        subject: `merchant:${user.merchant_uid}`,
        after: { user_id: user.id, email: user.email, status: 'active' },
      },
      now,
    );
    return user;
  });
}
