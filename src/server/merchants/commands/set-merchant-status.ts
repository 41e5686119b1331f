/**
 * An operator disables or enables a merchant, audited in one transaction; this process forgets
 * the merchant's keys once it has committed (the others hear it from the store).
 */
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import { runCommand } from '../../command.js';
import { activeKeysOf } from '../active-keys.js';
import type { Merchant } from '../merchant.js';
import { lockMerchant, setMerchantStatus as setStatus } from '../merchant-store.js';

/** The merchant as it is now; undefined when there is no such merchant. */
export async function setMerchantStatus(
  deps: AppDeps,
  input: {
    readonly merchantUid: string;
    readonly status: Merchant['status'];
    readonly note: string;
    readonly actor: string;
  },
): Promise<Merchant | undefined> {
  return runCommand(
    deps,
    async (tx, now) => {
      const current = await lockMerchant(tx, input.merchantUid);
      if (!current) return undefined;
      const changed = await setStatus(tx, current.uid, input.status, now);
      if (!changed) return undefined;
      await recordAction(tx, now, input, {
        action: input.status === 'active' ? 'merchant.enable' : 'merchant.disable',
        subject: `merchant:${current.uid}`,
        before: { status: current.status },
        after: { status: changed.status },
      });
      return changed;
    },
    () => activeKeysOf(deps).forgetMerchant(input.merchantUid),
  );
}
