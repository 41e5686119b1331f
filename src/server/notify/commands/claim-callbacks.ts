/**
 * The dispatcher takes the callbacks it will attempt next: due rows, leased to this worker until
 * `leaseUntil`, fairly across merchants (outbox-store.ts, `claimDue`), in one short transaction.
 */
import type { Db } from '../../store/db.js';
import { type ClaimedRow, type ClaimFairness, claimDue } from '../outbox-store.js';

export interface CallbackClaim {
  readonly worker: string;
  readonly now: Date;
  readonly leaseUntil: Date;
  readonly limit: number;
  readonly fairness: ClaimFairness;
}

export async function claimCallbacks(db: Db, claim: CallbackClaim): Promise<ClaimedRow[]> {
  return db.transaction((tx) =>
    claimDue(tx, claim.worker, claim.now, claim.leaseUntil, claim.limit, claim.fairness),
  );
}
