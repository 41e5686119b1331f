/**
 * An operator fixes an unparsed (or ignored) alert text into a credit, with a note, in one
 * transaction with its audit row (fix-text-into-credit.ts).
 */
import type { AppDeps } from '../../app-deps.js';
import { type FixText, fixTextIntoCredit, type TextFixed } from '../fix-text-into-credit.js';
import type { ManualResult } from '../manual-result.js';

export async function fixText(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: FixText,
): Promise<ManualResult<TextFixed>> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => fixTextIntoCredit(tx, input, now));
}
