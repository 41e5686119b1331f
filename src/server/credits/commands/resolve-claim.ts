/** An operator resolves a contested UTR, in one transaction (resolve-contested-claim.ts). */
import type { AppDeps } from '../../app-deps.js';
import type { ManualResult } from '../manual-result.js';
import { type ClaimResolved, type ResolveClaim, resolveContestedClaim } from '../resolve-contested-claim.js';

export async function resolveClaim(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: ResolveClaim,
): Promise<ManualResult<ClaimResolved>> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => resolveContestedClaim(tx, input, now));
}
