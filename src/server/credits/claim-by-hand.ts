import type { Queryable } from '../store/db.js';
import { addClaim, claimOf } from './claim-store.js';

export type HandClaim =
  | { readonly kind: 'claimed' }
  | { readonly kind: 'held_by_other'; readonly paymentUid: string };

/**
 * An operator claims a credit's UTR for an order, as the payer would have (india_match): the
 * same utr_claims row, so the credit settles through the same path. A UTR another order holds
 * stays with it. Call with the UTR locked (lockUtr).
 */
export async function claimUtrByHand(
  tx: Queryable,
  utr: string,
  paymentUid: string,
  now: Date,
): Promise<HandClaim> {
  const owner = await claimOf(tx, utr);
  if (owner && owner.payment_uid !== paymentUid)
    return { kind: 'held_by_other', paymentUid: owner.payment_uid };
  if (!owner) await addClaim(tx, { utr, paymentUid, clientIp: 'operator' }, now);
  return { kind: 'claimed' };
}
