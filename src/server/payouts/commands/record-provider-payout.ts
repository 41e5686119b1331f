/**
 * What the payout provider answered about a payout (its id and status), and that it was asked
 * now, recorded in one transaction before the channel hands the step back.
 */
import { markPolled, recordProviderPayout as record } from '../../channel/payout-store.js';
import type { Db } from '../../store/db.js';

export async function recordProviderPayout(
  db: Db,
  input: { readonly paymentUid: string; readonly providerId: string; readonly status: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await record(tx, input.paymentUid, input.providerId, input.status, now);
    await markPolled(tx, input.paymentUid, now);
  });
}
