/**
 * An operator replays an alert text for a source, in the caller's transaction: stored, read as a
 * forwarded text would be (read-text.ts) and audited together, so a replay that would make a
 * credit is one action a second operator can approve (approvals/manual-actions.ts).
 */
import { recordAction } from '../audit/record-action.js';
import type { DomainStep } from '../command.js';
import { type IncomingText, type IngestResult, readText } from './read-text.js';
import { storeIncomingText } from './store-incoming-text.js';

export type ReplayText = IncomingText & { readonly actor: string; readonly note?: string };

export const replayTextIn: DomainStep<ReplayText, IngestResult> = async (tx, input, now) => {
  const stored = await storeIncomingText(tx, input, now);
  const done = await readText(tx, input, stored, now);
  await recordAction(tx, now, input, {
    action: 'text.replay',
    subject: `text:${done.rawTextId}`,
    after: { outcome: done.outcome, reason: done.reason, credit_id: done.credit?.id ?? null },
  });
  return done;
};
