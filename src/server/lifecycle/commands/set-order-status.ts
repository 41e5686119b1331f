/** An operator sets an order's status, in one transaction with its audit row (set-status-by-hand.ts). */
import type { AppDeps } from '../../app-deps.js';
import { type SetOrderStatus, type StatusSet, setStatusByHand } from '../set-status-by-hand.js';

export async function setOrderStatus(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: SetOrderStatus,
): Promise<StatusSet> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => setStatusByHand(tx, input, now));
}
