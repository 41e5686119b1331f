/**
 * An operator posts a bank credit (operator API, `credit:post`), with its audit row, in one
 * transaction (post-manual-credit.ts).
 */
import type { AppDeps } from '../../app-deps.js';
import { type PostCredit, postManualCredit } from '../post-manual-credit.js';
import type { ReceiveResult } from '../receive-credit.js';

export async function postCredit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: PostCredit,
): Promise<ReceiveResult> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => postManualCredit(tx, input, now));
}
