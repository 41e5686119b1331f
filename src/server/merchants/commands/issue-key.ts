/** An operator issues a merchant another API key, audited (without its secret) in one transaction. */
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import { runCommand } from '../../command.js';
import { type IssuedKey, issueKey as issue } from '../api-key-store.js';
import { lockMerchant } from '../merchant-store.js';

/** The new key with its secret (shown once); undefined when there is no such merchant. */
export async function issueKey(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { readonly merchantUid: string; readonly note: string; readonly actor: string },
): Promise<IssuedKey | undefined> {
  return runCommand(deps, async (tx, now) => {
    const merchant = await lockMerchant(tx, input.merchantUid);
    if (!merchant) return undefined;
    const key = await issue(tx, deps.config.secretKey, merchant.uid, now);
    await recordAction(tx, now, input, {
      action: 'api_key.create',
      subject: `merchant:${merchant.uid}`,
      after: { api_key: key.api_key, status: 'active' },
    });
    return key;
  });
}
