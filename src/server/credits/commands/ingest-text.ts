/**
 * An alert text enters from a credit source: forwarded by a phone or a mailbox (`ingestText`), or
 * replayed by an operator (`replayText`, audited). Nothing forwarded is lost: the text is stored as
 * received and committed before it is read (a body that cannot be read as a text is stored
 * `invalid`, with its reason and original bytes, and not read); then it is read, its credit matched
 * and its outcome recorded in one transaction (read-text.ts). An operator's replay is stored, read
 * and audited in one transaction (replay-text.ts): the operator holds the text.
 */
import type { AppDeps } from '../../app-deps.js';
import { commandOf } from '../../command.js';
import { type IncomingText, type IngestResult, readText } from '../read-text.js';
import { replayTextIn } from '../replay-text.js';
import { storeIncomingText } from '../store-incoming-text.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export async function ingestText(deps: Deps, input: IncomingText): Promise<IngestResult> {
  const now = deps.clock.now();
  const stored = await storeIncomingText(deps.db, input, now);
  // A body that could not be read as a text is kept as it came, with its reason; nothing to read.
  if (input.invalid) return { rawTextId: stored.rawTextId, outcome: 'invalid', reason: input.invalid.reason };
  return deps.db.transaction((tx) => readText(tx, input, stored, now));
}

export const replayText = commandOf(replayTextIn);
