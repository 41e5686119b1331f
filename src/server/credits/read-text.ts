/**
 * An alert text from a credit source is read, in the caller's transaction, once it is stored as
 * received (commands/ingest-text.ts): the bank-text parser reads it, a credit goes through the one
 * matching path (receive-credit.ts) with the source's account as its payee, and the text's outcome
 * is recorded: a credit, a duplicate (the same text again, or the same credit through another
 * channel), a conflict (another amount under the same UTR), ignored with the reason, unparsed
 * and waiting for an operator, or suspect: a credit's text from a sender that is not its bank
 * (bank-text/bank-senders.ts), kept for an operator to fix into a credit or dismiss. A body that could not be read as a text at all is stored `invalid`
 * with its reason and its original bytes (commands/ingest-text.ts), and never read here.
 */
import { createHash } from 'node:crypto';
import { formatAmount } from '../../shared/money.js';
import type { Queryable } from '../store/db.js';
import { bankNamedIn } from './bank-text/bank-of.js';
import { suspectSender } from './bank-text/bank-senders.js';
import { type ParsedCredit, parseBankText } from './bank-text/parse-bank-text.js';
import type { CreditSource } from './credit-source-store.js';
import type { CreditOrigin } from './credit-store.js';
import { earlierSameText, recordTextOutcome, type TextChannel } from './raw-text-store.js';
import { type ReceiveResult, receiveCredit } from './receive-credit.js';

export interface IncomingText {
  readonly source: CreditSource;
  readonly channel: TextChannel;
  readonly text: string;
  readonly sender: string;
  /** When the phone or mailbox received it, when the forwarder says; else now. */
  readonly receivedAt: Date | undefined;
  /** The body could not be read as a text: stored with the reason and its bytes, not read. */
  readonly invalid?: { readonly reason: string; readonly original: Uint8Array };
}

export type TextOutcome =
  | 'credit'
  | 'duplicate'
  | 'conflict'
  | 'ignored'
  | 'unparsed'
  | 'invalid'
  | 'suspect';

export interface IngestResult {
  readonly rawTextId: number;
  readonly outcome: TextOutcome;
  readonly reason: string;
  readonly credit?: CreditView;
}

export interface CreditView {
  readonly id: number;
  readonly utr: string;
  readonly amount: string;
  readonly payee: string;
  readonly payer_name: string;
  readonly credited_at: Date;
  readonly state: 'matched' | 'waiting' | 'conflict';
  readonly payment_uid: string | null;
  readonly payment_status?: string;
  readonly reason?: string;
}

/** Texts longer than this are not alerts; they are stored cut to it. */
export const MAX_TEXT_CHARS = 4000;

/** The text as it is stored, and its digest (the same text again is a duplicate). */
export function storedText(text: string): { readonly body: string; readonly digest: string } {
  const body = text.slice(0, MAX_TEXT_CHARS);
  return { body, digest: createHash('sha256').update(body.replace(/\s+/g, ' ').trim()).digest('hex') };
}

export interface StoredText {
  readonly rawTextId: number;
  readonly body: string;
  readonly digest: string;
  readonly receivedAt: Date;
}

/** Reads a stored text and records what became of it. */
export async function readText(
  tx: Queryable,
  input: IncomingText,
  stored: StoredText,
  now: Date,
): Promise<IngestResult> {
  const { rawTextId } = stored;
  const record = async (result: Omit<IngestResult, 'rawTextId'>): Promise<IngestResult> => {
    await recordTextOutcome(tx, rawTextId, result.outcome, result.reason, result.credit?.id ?? null);
    return { rawTextId, ...result };
  };
  const earlier = await earlierSameText(tx, input.source.id, stored.digest, rawTextId);
  const parsed = parseBankText({ text: stored.body, sender: input.sender, receivedAt: stored.receivedAt });
  if (earlier !== undefined) {
    return record({ outcome: 'duplicate', reason: `the same text as text ${earlier}` });
  }
  if (parsed.kind === 'ignored') return record({ outcome: 'ignored', reason: parsed.reason });
  if (parsed.kind === 'unparsed') return record({ outcome: 'unparsed', reason: parsed.reason });
  const suspect = suspectOf(input, stored.body);
  if (suspect) return record({ outcome: 'suspect', reason: suspect });
  const otherAccount = otherAccountReason(input.source.account, parsed.accountHint);
  if (otherAccount) return record({ outcome: 'ignored', reason: otherAccount });
  const via = input.channel === 'email' ? 'email' : 'sms';
  const posted = await receiveSourceCredit(tx, input.source, parsed, via, now);
  return record(outcomeOf(posted));
}

/**
 * A forwarded text's sender that is not the bank the text names. An operator's replay is the
 * operator's word (audited, and approved by a second operator under dual control), not checked.
 */
function suspectOf(input: IncomingText, body: string): string | undefined {
  if (input.channel === 'operator') return undefined;
  return suspectSender({
    channel: input.channel,
    sender: input.sender,
    textBank: bankNamedIn(body),
    source: input.source,
  });
}

/** A credit read from a source's text (or fixed from one): its payee is the source's account. */
export async function receiveSourceCredit(
  tx: Queryable,
  source: CreditSource,
  credit: Pick<ParsedCredit, 'amount' | 'utr' | 'creditedAt' | 'payer'>,
  via: CreditOrigin,
  now: Date,
): Promise<ReceiveResult> {
  return receiveCredit(
    tx,
    {
      utr: credit.utr,
      amount: credit.amount,
      payee: source.account,
      payerName: credit.payer.slice(0, 256),
      creditedAt: credit.creditedAt,
      source: via,
      sourceId: source.id,
    },
    now,
  );
}

export function outcomeOf(posted: ReceiveResult): Omit<IngestResult, 'rawTextId'> {
  const base = {
    id: posted.credit.id,
    utr: posted.credit.utr,
    amount: formatAmount(posted.credit.amount),
    payee: posted.credit.payee,
    payer_name: posted.credit.payer_name,
    credited_at: posted.credit.credited_at,
  };
  switch (posted.kind) {
    case 'matched':
      return {
        outcome: 'credit',
        reason:
          posted.outcome === 'completed'
            ? 'matched; order completed'
            : 'matched; amount differs, order rejected',
        credit: {
          ...base,
          state: posted.outcome === 'completed' ? 'matched' : 'conflict',
          payment_uid: posted.order.payment_uid,
          payment_status: posted.order.payment_status,
        },
      };
    case 'waiting':
      return {
        outcome: 'credit',
        reason: posted.reason,
        credit: { ...base, state: 'waiting', payment_uid: null, reason: posted.reason },
      };
    case 'duplicate':
      return {
        outcome: 'duplicate',
        reason: 'a credit with this UTR and amount already exists',
        credit: {
          ...base,
          state: posted.credit.payment_uid ? 'matched' : 'waiting',
          payment_uid: posted.credit.payment_uid,
        },
      };
    case 'conflict':
      return {
        outcome: 'conflict',
        reason: `a credit with this UTR exists for ${formatAmount(posted.credit.amount)} INR`,
      };
  }
}

/**
 * The text names an account (its last digits) that is not the source's: an alert for another
 * account on the same phone. Only numeric accounts can be compared; a VPA has no digits to.
 */
function otherAccountReason(account: string, hint: string): string | undefined {
  if (!/^\d+$/.test(account) || hint.length < 3) return undefined;
  const tail = hint.slice(-4);
  return account.endsWith(tail) ? undefined : `other_account: the text is for an account ending ${tail}`;
}
