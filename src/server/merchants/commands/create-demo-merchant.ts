/**
 * Sandbox convenience at start-up: on a store with no merchant, the demo merchant and a key, in
 * one transaction. Several processes may start together on one database (WORKERS): one makes it.
 */
import type { AppDeps } from '../../app-deps.js';
import { type IssuedKey, issueKey } from '../api-key-store.js';
import { hasMerchants, lockDemoMerchantCreation, type NewMerchant } from '../merchant-store.js';
import { openMerchant } from '../open-merchant.js';

/** The demo merchant's key (its secret shown once); undefined when the store has merchants already. */
export async function createDemoMerchant(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  shop: NewMerchant,
): Promise<IssuedKey | undefined> {
  return deps.db.transaction(async (tx) => {
    await lockDemoMerchantCreation(tx);
    if (await hasMerchants(tx)) return undefined;
    const merchant = await openMerchant(tx, shop, deps.clock.now());
    return issueKey(tx, deps.config.secretKey, merchant.uid, deps.clock.now());
  });
}
