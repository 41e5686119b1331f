/**
 * An operator creates a merchant: its row, its ledger accounts and a first API key, audited, in
 * one transaction. The key's secret is answered once and never written to the audit log.
 */

import type { MerchantView } from '../../../shared/console-views.js';
import type { AppDeps } from '../../app-deps.js';
import { recordAction } from '../../audit/record-action.js';
import { runCommand } from '../../command.js';
import { type IssuedKey, issueKey } from '../api-key-store.js';
import type { NewMerchant } from '../merchant-store.js';
import { merchantView } from '../merchant-view.js';
import { openMerchant } from '../open-merchant.js';

export interface CreateMerchant {
  readonly merchant: NewMerchant;
  readonly note: string;
  readonly actor: string;
}

export type MerchantCreated = IssuedKey & { readonly merchant: MerchantView };

export async function createMerchant(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: CreateMerchant,
): Promise<MerchantCreated> {
  return runCommand(deps, async (tx, now) => {
    const merchant = await openMerchant(tx, input.merchant, now);
    const key = await issueKey(tx, deps.config.secretKey, merchant.uid, now);
    const view = merchantView(merchant);
    await recordAction(tx, now, input, {
      action: 'merchant.create',
      subject: `merchant:${merchant.uid}`,
      after: { ...view, api_key: key.api_key },
    });
    return { merchant: view, ...key };
  });
}
