/**
 * An alert text enters from a credit source (forwarded SMS, e-mail alert, or an operator
 * replaying one). Nothing is lost: the text is stored as received, committed, before it is
 * parsed. Then, in one transaction, the bank-text parser reads it and a credit goes through the
 * one matching path (postCredit) with the source's account as its payee, and the text's outcome
 * is recorded: a credit, a duplicate (the same text again, or the same credit through another
 * channel), a conflict (another amount under the same UTR), ignored with the reason, or
 * unparsed and waiting for an operator.
 */
import { createHash } from 'node:crypto';
import { formatAmount } from '../../shared/money.js';
import type { Db, Queryable } from '../store/db.js';
import { type ParsedCredit, parseBankText } from './bank-text/parse-bank-text.js';
import type { CreditSource } from './credit-source-store.js';
import { tieCreditToSource } from './credit-store.js';
import { type NewCredit, type PostCreditResult, postCredit } from './matching/post-credit.js';
import { earlierSameText, insertRawText, recordTextOutcome, type TextChannel } from './raw-text-store.js';
import { withinTransaction } from './within-transaction.js';

export interface IncomingText {
  readonly source: CreditSource;
  readonly channel: TextChannel;
  readonly text: string;
  readonly sender: string;
  /** When the phone or mailbox received it, when the forwarder says; else now. */
  readonly receivedAt: Date | undefined;
}

export type TextOutcome = 'credit' | 'duplicate' | 'conflict' | 'ignored' | 'unparsed';

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

export async function ingestText(
  db: Db,
  input: IncomingText,
  now: Date,
  /** Runs in the transaction that records the outcome (the operator's audit row). */
  alsoInTransaction?: (tx: Queryable, result: IngestResult) => Promise<void>,
): Promise<IngestResult> {
  const body = input.text.slice(0, MAX_TEXT_CHARS);
  const digest = createHash('sha256').update(body.replace(/\s+/g, ' ').trim()).digest('hex');
  const receivedAt = input.receivedAt ?? now;
  const rawTextId = await insertRawText(
    db,
    {
      sourceId: input.source.id,
      channel: input.channel,
      sender: input.sender.slice(0, 100),
      body,
      bodyDigest: digest,
      receivedAt,
    },
    now,
  );

  return db.transaction(async (tx) => {
    const record = async (result: Omit<IngestResult, 'rawTextId'>): Promise<IngestResult> => {
      await recordTextOutcome(tx, rawTextId, result.outcome, result.reason, result.credit?.id ?? null);
      const done = { rawTextId, ...result };
      await alsoInTransaction?.(tx, done);
      return done;
    };
    const earlier = await earlierSameText(tx, input.source.id, digest, rawTextId);
    const parsed = parseBankText({ text: body, sender: input.sender, receivedAt });
    if (earlier !== undefined) {
      return record({ outcome: 'duplicate', reason: `the same text as text ${earlier}` });
    }
    if (parsed.kind === 'ignored') return record({ outcome: 'ignored', reason: parsed.reason });
    if (parsed.kind === 'unparsed') return record({ outcome: 'unparsed', reason: parsed.reason });
    const otherAccount = otherAccountReason(input.source.account, parsed.accountHint);
    if (otherAccount) return record({ outcome: 'ignored', reason: otherAccount });
    const via = input.channel === 'email' ? 'email' : 'sms';
    const posted = await postSourceCredit(tx, db, input.source, parsed, via, now);
    return record(outcomeOf(posted));
  });
}

/**
 * The one way a source's credit enters: postCredit (the one matching path) inside the caller's
 * transaction, with the source's account as payee, then the credit tied to its source.
 */
export async function postSourceCredit(
  tx: Queryable,
  db: Db,
  source: CreditSource,
  credit: Pick<ParsedCredit, 'amount' | 'utr' | 'creditedAt' | 'payer'>,
  via: NewCredit['source'],
  now: Date,
): Promise<PostCreditResult> {
  const posted = await postCredit(
    withinTransaction(db, tx),
    {
      utr: credit.utr,
      amount: credit.amount,
      payee: source.account,
      payerName: credit.payer.slice(0, 256),
      creditedAt: credit.creditedAt,
      source: via,
    },
    now,
  );
  await tieToSource(tx, posted, source.id);
  return posted;
}

/** Ties a new credit to its source (postCredit has recorded why it waits, when it cannot match). */
export async function tieToSource(tx: Queryable, posted: PostCreditResult, sourceId: string | null) {
  if (posted.kind === 'duplicate' || posted.kind === 'conflict' || sourceId === null) return;
  await tieCreditToSource(tx, posted.credit.id, sourceId);
}

export function outcomeOf(posted: PostCreditResult): Omit<IngestResult, 'rawTextId'> {
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
