/**
 * An operator revokes a merchant's API key, audited in one transaction. This process forgets the
 * key once the revocation has committed; the others on the store's notification.
 */
import type { AppDeps } from '../../app-deps.js';
import { writeAudit } from '../../audit/audit-store.js';
import { activeKeysOf } from '../active-keys.js';
import { revokeKey as revoke } from '../api-key-store.js';
import { lockMerchant } from '../merchant-store.js';

export type KeyRevoked = 'revoked' | 'no_merchant' | 'no_key';

export async function revokeKey(
  deps: AppDeps,
  input: {
    readonly merchantUid: string;
    readonly apiKey: string;
    readonly note: string;
    readonly actor: string;
  },
): Promise<KeyRevoked> {
  const now = deps.clock.now();
  const { apiKey } = input;
  return deps.db
    .transaction(async (tx): Promise<KeyRevoked> => {
      const merchant = await lockMerchant(tx, input.merchantUid);
      if (!merchant) return 'no_merchant';
      if (!(await revoke(tx, merchant.uid, apiKey, now))) return 'no_key';
      await writeAudit(
        tx,
        {
          actor: input.actor,
          action: 'api_key.revoke',
          subject: `merchant:${merchant.uid}`,
          before: { api_key: apiKey, status: 'active' },
          after: { api_key: apiKey, status: 'revoked' },
          note: input.note,
        },
        now,
      );
      return 'revoked';
    })
    .finally(() => activeKeysOf(deps).forgetKey(apiKey));
}
