/**
 * An operator fixes an unparsed, ignored or suspect alert text into a credit, with a note, in the
 * caller's transaction: the credit goes through the one matching path with the source's account as
 * payee, the text is marked fixed, and the audit row is written. Run at once (commands/fix-text.ts)
 * or, under dual control, once a second operator approves it (approvals/manual-actions.ts).
 */
import { parseAmount } from '../../shared/money.js';
import { recordAction } from '../audit/record-action.js';
import { findCreditSource } from './credit-source-store.js';
import { type ManualStep, refused } from './manual-result.js';
import { lockRawText, recordTextOutcome } from './raw-text-store.js';
import { type CreditView, outcomeOf, receiveSourceCredit, type TextOutcome } from './read-text.js';

export interface FixText {
  readonly rawTextId: number;
  readonly utr: string;
  readonly amount: string;
  readonly payerName: string;
  readonly creditedAt: Date | undefined;
  readonly note: string;
  readonly actor: string;
}

export interface TextFixed {
  readonly text_id: string;
  readonly outcome: TextOutcome;
  readonly reason: string;
  readonly credit: CreditView;
}

const FIXABLE: readonly string[] = ['unparsed', 'ignored', 'invalid', 'received', 'suspect'];

export const fixTextIntoCredit: ManualStep<FixText, TextFixed> = async (tx, input, now) => {
  const raw = await lockRawText(tx, input.rawTextId);
  if (!raw) return refused(404, 'text_id: no such text');
  if (!FIXABLE.includes(raw.outcome)) return refused(409, `text: already ${raw.outcome}; nothing to fix`);
  const source = await findCreditSource(tx, raw.source_id);
  if (!source) throw new Error('raw text without a source');
  const amount = parseAmount(input.amount);
  if (amount === undefined) return refused(400, 'amount: must be greater than 0');
  const posted = await receiveSourceCredit(
    tx,
    source,
    { utr: input.utr, amount, payer: input.payerName, creditedAt: input.creditedAt ?? raw.received_at },
    raw.channel === 'email' ? 'email' : 'sms',
    now,
  );
  const outcome = outcomeOf(posted);
  if (outcome.outcome === 'conflict') return refused(409, `utr: ${outcome.reason}`);
  const credit = outcome.credit;
  if (!credit) throw new Error(`a fixed text's credit came out ${outcome.outcome} without a credit`);
  await recordTextOutcome(
    tx,
    raw.id,
    'fixed',
    `fixed by ${input.actor}: ${input.note}`.slice(0, 500),
    credit.id,
  );
  await recordAction(tx, now, input, {
    action: 'text.fix',
    subject: `text:${raw.id}`,
    before: { outcome: raw.outcome, reason: raw.reason },
    after: { outcome: 'fixed', credit, credit_outcome: outcome.outcome },
  });
  return {
    ok: true,
    value: {
      text_id: String(raw.id),
      outcome: outcome.outcome,
      reason: outcome.reason,
      credit,
    },
  };
};
