/** An operator releases or returns a credit's money, in one transaction (frozen-money.ts). */
import type { AppDeps } from '../../app-deps.js';
import {
  type CreditMoneyAction,
  type CreditMoneyMoved,
  releaseFrozenCredit,
  returnCreditMoney,
} from '../frozen-money.js';
import type { ManualResult } from '../manual-result.js';

export async function releaseCredit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: CreditMoneyAction,
): Promise<ManualResult<CreditMoneyMoved>> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => releaseFrozenCredit(tx, input, now));
}

export async function returnCredit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: CreditMoneyAction,
): Promise<ManualResult<CreditMoneyMoved>> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => returnCreditMoney(tx, input, now));
}
