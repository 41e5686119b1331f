/**
 * An operator changes a merchant's settings, audited with the fields before and after, in one
 * transaction; this process forgets the merchant's keys once it has committed (the others hear
 * it from the store).
 */
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import { runCommand } from '../../command.js';
import { activeKeysOf } from '../active-keys.js';
import type { Merchant } from '../merchant.js';
import {
  applyMerchantChanges,
  changesPayouts,
  type MerchantChanges,
  refuseUnusablePayoutChannel,
} from '../merchant-changes.js';
import { lockMerchant } from '../merchant-store.js';
import { merchantView } from '../merchant-view.js';

export interface UpdateMerchant {
  readonly uid: string;
  readonly changes: MerchantChanges;
  readonly note: string;
  readonly actor: string;
}

/** The updated merchant; undefined when there is no such merchant. */
export async function updateMerchant(deps: AppDeps, input: UpdateMerchant): Promise<Merchant | undefined> {
  return runCommand(
    deps,
    async (tx, now) => {
      const current = await lockMerchant(tx, input.uid);
      if (!current) return undefined;
      const updated = await applyMerchantChanges(tx, current, input.changes, now);
      if (!updated) return undefined;
      if (changesPayouts(input.changes)) refuseUnusablePayoutChannel(updated, deps.config);
      const changed = Object.keys(input.changes).filter(
        (field) => field !== 'note' && input.changes[field] !== undefined,
      );
      const pick = (view: Record<string, unknown>) =>
        Object.fromEntries(changed.map((field) => [field, view[field] ?? null]));
      await recordAction(tx, now, input, {
        action: 'merchant.update',
        subject: `merchant:${current.uid}`,
        before: pick(merchantView(current)),
        after: pick(merchantView(updated)),
      });
      return updated;
    },
    () => activeKeysOf(deps).forgetMerchant(input.uid),
  );
}
