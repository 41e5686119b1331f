/**
 * An operator puts aside an alert text that is no credit (an unparsed, conflicting or suspect
 * text, or one ignored or unreadable), with a note: the text stays stored as received, its outcome
 * becomes `dismissed` with who and why, and the audit row is written, in one transaction.
 */

import { recordAction } from '../../audit/record-action.js';
import { type CommandDeps, runCommand } from '../../command.js';
import { type ManualResult, refused } from '../manual-result.js';
import { lockRawText, recordTextOutcome } from '../raw-text-store.js';

export interface DismissText {
  readonly rawTextId: number;
  readonly note: string;
  readonly actor: string;
}

export interface TextDismissed {
  readonly text_id: string;
  readonly outcome: 'dismissed';
  readonly reason: string;
}

/** Texts that gave no credit; a credit, a duplicate or a fixed text has nothing to put aside. */
const DISMISSABLE: readonly string[] = ['unparsed', 'conflict', 'suspect', 'ignored', 'invalid', 'received'];

export async function dismissText(
  deps: CommandDeps,
  input: DismissText,
): Promise<ManualResult<TextDismissed>> {
  return runCommand(deps, async (tx, now): Promise<ManualResult<TextDismissed>> => {
    const raw = await lockRawText(tx, input.rawTextId);
    if (!raw) return refused(404, 'text_id: no such text');
    if (!DISMISSABLE.includes(raw.outcome)) {
      return refused(409, `text: already ${raw.outcome}; nothing to dismiss`);
    }
    const reason = `dismissed by ${input.actor}: ${input.note}`.slice(0, 500);
    await recordTextOutcome(tx, raw.id, 'dismissed', reason, null);
    await recordAction(tx, now, input, {
      action: 'text.dismiss',
      subject: `text:${raw.id}`,
      before: { outcome: raw.outcome, reason: raw.reason },
      after: { outcome: 'dismissed' },
    });
    return { ok: true, value: { text_id: String(raw.id), outcome: 'dismissed', reason } };
  });
}
