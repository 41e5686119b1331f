/** An operator confirms whose a waiting credit is, in one transaction (confirm-credit-by-hand.ts). */
import type { AppDeps } from '../../app-deps.js';
import { type ConfirmCredit, type ConfirmResult, confirmCreditByHand } from '../confirm-credit-by-hand.js';

export async function confirmCredit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: ConfirmCredit,
): Promise<ConfirmResult> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => confirmCreditByHand(tx, input, now));
}
