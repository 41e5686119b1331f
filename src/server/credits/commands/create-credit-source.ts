/**
 * An operator registers a credit source bound to one of a merchant's collection accounts (its UPI
 * address or its IMPS account), which no other merchant may hold or feed (409 `account_in_use`),
 * audited in the same transaction. An SMS source's ingest token is
 * answered once and never stored or audited (only its digest is kept).
 */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { refuseAccountsInUse } from '../../merchants/collection-accounts.js';
import { findMerchant } from '../../merchants/merchant-store.js';
import { type CreditSource, type CreditSourceKind, insertCreditSource } from '../credit-source-store.js';

export interface CreateCreditSource {
  readonly merchantUid: string;
  readonly account: string;
  readonly kind: CreditSourceKind;
  readonly name: string;
  readonly actor: string;
}

export type CreditSourceCreated =
  | { readonly kind: 'created'; readonly source: CreditSource; readonly ingestToken: string | undefined }
  | { readonly kind: 'no_merchant' }
  /** The account is none of the merchant's collection accounts. */
  | { readonly kind: 'not_collection_account' };

export async function createCreditSource(
  deps: CommandDeps,
  input: CreateCreditSource,
): Promise<CreditSourceCreated> {
  return runCommand(deps, async (tx, now): Promise<CreditSourceCreated> => {
    const merchant = await findMerchant(tx, input.merchantUid);
    if (!merchant) return { kind: 'no_merchant' };
    const own = [merchant.upi_vpa.toLowerCase(), merchant.imps_account].filter((a) => a !== '');
    if (!own.includes(input.account.toLowerCase())) return { kind: 'not_collection_account' };
    // No other merchant may hold the account, nor feed it with a source of its own (409).
    const vpa = input.account.includes('@');
    await refuseAccountsInUse(
      tx,
      {
        upiVpa: vpa ? input.account : '',
        impsAccount: vpa ? '' : input.account,
        impsIfsc: vpa ? '' : merchant.imps_ifsc,
      },
      merchant.uid,
    );
    const made = await insertCreditSource(
      tx,
      { merchantUid: merchant.uid, account: input.account, kind: input.kind, name: input.name },
      now,
    );
    await recordAction(tx, now, input, {
      action: 'credit_source.create',
      subject: `source:${made.source.id}`,
      after: made.source,
    });
    return { kind: 'created', ...made };
  });
}
