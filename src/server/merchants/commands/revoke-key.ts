/**
 * An operator revokes a merchant's API key, audited in one transaction. This process forgets the
 * key once the revocation has committed; the others on the store's notification.
 */
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import { runCommand } from '../../command.js';
import { activeKeysOf } from '../active-keys.js';
import { activeKeyCount, isActiveKey, revokeKey as revoke } from '../api-key-store.js';
import { lockMerchant } from '../merchant-store.js';

export type KeyRevoked = 'revoked' | 'no_merchant' | 'no_key' | 'only_key';

export async function revokeKey(
  deps: AppDeps,
  input: {
    readonly merchantUid: string;
    readonly apiKey: string;
    readonly note: string;
    readonly actor: string;
    /**
     * Refuse to revoke the merchant's only active key (the portal: an integration is never left
     * without one). Checked under the merchant's row lock, so two revocations at once of a
     * merchant's last two keys leave one of them.
     */
    readonly keepOne?: boolean;
  },
): Promise<KeyRevoked> {
  const { apiKey } = input;
  return runCommand(
    deps,
    async (tx, now): Promise<KeyRevoked> => {
      const merchant = await lockMerchant(tx, input.merchantUid);
      if (!merchant) return 'no_merchant';
      if (input.keepOne && (await activeKeyCount(tx, merchant.uid)) <= 1) {
        return (await isActiveKey(tx, merchant.uid, apiKey)) ? 'only_key' : 'no_key';
      }
      if (!(await revoke(tx, merchant.uid, apiKey, now))) return 'no_key';
      await recordAction(tx, now, input, {
        action: 'api_key.revoke',
        subject: `merchant:${merchant.uid}`,
        before: { api_key: apiKey, status: 'active' },
        after: { api_key: apiKey, status: 'revoked' },
      });
      return 'revoked';
    },
    () => activeKeysOf(deps).forgetKey(apiKey),
  );
}
