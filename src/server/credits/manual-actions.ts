/**
 * What an operator does by hand to credits: match a waiting credit to an order (with a note),
 * and fix an unparsed alert text into a credit. Both go through the one matching path (the
 * payer's claim and settleWithCredit, or postCredit), each in one transaction with its audit row.
 */
import { ERROR_CODES, type ErrorCode } from '../../shared/error-codes.js';
import { parseAmount } from '../../shared/money.js';
import { writeAudit } from '../audit/audit-store.js';
import { lockOrder } from '../orders/order-store.js';
import type { Db } from '../store/db.js';
import { claimUtrByHand } from './claim-by-hand.js';
import { findCreditSource } from './credit-source-store.js';
import { findCreditById, lockCreditByUtr, lockUtr, setUnmatchedReason } from './credit-store.js';
import { type CreditView, outcomeOf, postSourceCredit } from './ingest-text.js';
import { settleWithCredit } from './matching/settle-credit.js';
import { lockRawText, recordTextOutcome } from './raw-text-store.js';

export type ManualResult<T> = { readonly ok: true; readonly value: T } | ManualRefusal;
export interface ManualRefusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly details: string;
}

/** Thrown inside a transaction to roll it back, caught at its end and returned as a value. */
class Refused extends Error {
  constructor(readonly refusal: ManualRefusal) {
    super(refusal.details);
  }
}
const CODES = {
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.invalidTransition,
  400: ERROR_CODES.invalidField,
};
const refuse = (status: keyof typeof CODES, details: string): never => {
  throw new Refused({ ok: false, code: CODES[status], details });
};

async function refusable<T>(run: () => Promise<T>): Promise<ManualResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

export interface MatchByHand {
  readonly creditId: number;
  readonly paymentUid: string;
  readonly note: string;
  readonly actor: string;
}

export async function matchByHand(db: Db, input: MatchByHand, now: Date) {
  return refusable(() =>
    db.transaction(async (tx) => {
      const found = await findCreditById(tx, input.creditId);
      if (!found) return refuse(404, 'credit_id: no such credit');
      await lockUtr(tx, found.utr);
      const credit = await lockCreditByUtr(tx, found.utr);
      if (!credit) return refuse(404, 'credit_id: no such credit');
      if (credit.payment_uid !== null) return refuse(409, `credit: already matched to ${credit.payment_uid}`);
      const order = await lockOrder(tx, input.paymentUid);
      if (!order) return refuse(404, 'payment_uid: no such order');
      if (order.transaction_type !== 'income') return refuse(400, 'payment_uid: not a collection order');
      const claim = await claimUtrByHand(tx, credit.utr, order.payment_uid, now);
      if (claim.kind === 'held_by_other') {
        throw new Refused({
          ok: false,
          code: ERROR_CODES.utrUsed,
          details: `utr: claimed by another order (${claim.paymentUid}); match that order instead`,
        });
      }
      const settled = await settleWithCredit(tx, order, credit, now);
      if (settled.kind !== 'completed' && settled.kind !== 'rejected') {
        return refuse(409, `payment_uid: cannot settle with this credit (${settled.reason})`);
      }
      await setUnmatchedReason(tx, credit.id, '');
      const after = { payment_uid: order.payment_uid, payment_status: settled.order.payment_status };
      await writeAudit(
        tx,
        {
          actor: input.actor,
          action: 'credit.match',
          subject: `credit:${credit.id}`,
          before: {
            utr: credit.utr,
            payment_uid: null,
            unmatched_reason: found.unmatched_reason,
            order_status: order.payment_status,
          },
          after,
          note: input.note,
        },
        now,
      );
      return { credit_id: String(credit.id), utr: credit.utr, outcome: settled.kind, ...after };
    }),
  );
}

export interface FixText {
  readonly rawTextId: number;
  readonly utr: string;
  readonly amount: string;
  readonly payerName: string;
  readonly creditedAt: Date | undefined;
  readonly note: string;
  readonly actor: string;
}

const FIXABLE: readonly string[] = ['unparsed', 'ignored', 'received'];

export async function fixText(db: Db, input: FixText, now: Date) {
  return refusable(() =>
    db.transaction(async (tx) => {
      const raw = await lockRawText(tx, input.rawTextId);
      if (!raw) return refuse(404, 'text_id: no such text');
      if (!FIXABLE.includes(raw.outcome)) return refuse(409, `text: already ${raw.outcome}; nothing to fix`);
      const source = await findCreditSource(tx, raw.source_id);
      if (!source) throw new Error('raw text without a source');
      const amount = parseAmount(input.amount);
      if (amount === undefined) return refuse(400, 'amount: must be greater than 0');
      const posted = await postSourceCredit(
        tx,
        db,
        source,
        { utr: input.utr, amount, payer: input.payerName, creditedAt: input.creditedAt ?? raw.received_at },
        raw.channel === 'email' ? 'email' : 'sms',
        now,
      );
      const outcome = outcomeOf(posted);
      if (outcome.outcome === 'conflict') return refuse(409, `utr: ${outcome.reason}`);
      await recordTextOutcome(
        tx,
        raw.id,
        'fixed',
        `fixed by ${input.actor}: ${input.note}`.slice(0, 500),
        outcome.credit?.id ?? null,
      );
      await writeAudit(
        tx,
        {
          actor: input.actor,
          action: 'text.fix',
          subject: `text:${raw.id}`,
          before: { outcome: raw.outcome, reason: raw.reason },
          after: { outcome: 'fixed', credit: outcome.credit, credit_outcome: outcome.outcome },
          note: input.note,
        },
        now,
      );
      return {
        text_id: String(raw.id),
        outcome: outcome.outcome,
        reason: outcome.reason,
        credit: outcome.credit as CreditView,
      };
    }),
  );
}
