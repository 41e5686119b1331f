/**
 * An operator adds a payer name to a merchant's blacklist (`blacklistPayer`) or takes it off
 * (`unlistPayer`), audited in one transaction each.
 */
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import { runCommand } from '../../command.js';
import { addToBlacklist, isBlacklisted, removeFromBlacklist } from '../blacklist-store.js';
import { lockMerchant } from '../merchant-store.js';

export interface BlacklistChange {
  readonly merchantUid: string;
  readonly fromName: string;
  readonly note: string;
  readonly actor: string;
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** False when there is no such merchant. */
export async function blacklistPayer(deps: Deps, input: BlacklistChange): Promise<boolean> {
  return runCommand(deps, async (tx, now) => {
    const merchant = await lockMerchant(tx, input.merchantUid);
    if (!merchant) return false;
    const listed = await isBlacklisted(tx, merchant.uid, input.fromName);
    await addToBlacklist(tx, merchant.uid, input.fromName, now);
    await recordAction(tx, now, input, {
      action: 'blacklist.add',
      subject: `merchant:${merchant.uid}`,
      before: { from_name: input.fromName, listed },
      after: { from_name: input.fromName, listed: true },
    });
    return true;
  });
}

export type Unlisted = 'removed' | 'no_merchant' | 'not_listed';

export async function unlistPayer(deps: Deps, input: BlacklistChange): Promise<Unlisted> {
  return runCommand(deps, async (tx, now): Promise<Unlisted> => {
    const merchant = await lockMerchant(tx, input.merchantUid);
    if (!merchant) return 'no_merchant';
    if (!(await removeFromBlacklist(tx, merchant.uid, input.fromName))) return 'not_listed';
    await recordAction(tx, now, input, {
      action: 'blacklist.remove',
      subject: `merchant:${merchant.uid}`,
      before: { from_name: input.fromName, listed: true },
      after: { from_name: input.fromName, listed: false },
    });
    return 'removed';
  });
}
