/** An operator matches a waiting credit to an order by hand, in one transaction (match-credit-by-hand.ts). */
import type { AppDeps } from '../../app-deps.js';
import type { ManualResult } from '../manual-result.js';
import { type CreditMatched, type MatchCredit, matchCreditByHand } from '../match-credit-by-hand.js';

export async function matchCredit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: MatchCredit,
): Promise<ManualResult<CreditMatched>> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => matchCreditByHand(tx, input, now));
}
