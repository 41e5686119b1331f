import type { Queryable } from '../store/db.js';

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
  const [owner] = await tx.query<{ payment_uid: string }>(
    'SELECT payment_uid FROM utr_claims WHERE utr = $1',
    [utr],
  );
  if (owner && owner.payment_uid !== paymentUid)
    return { kind: 'held_by_other', paymentUid: owner.payment_uid };
  if (!owner) {
    await tx.query(
      `INSERT INTO utr_claims (utr, payment_uid, client_ip, claimed_at) VALUES ($1, $2, 'operator', $3)`,
      [utr, paymentUid, now],
    );
  }
  return { kind: 'claimed' };
}
