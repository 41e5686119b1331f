/**
 * The manual money actions dual control holds for a second operator (docs/money-controls.md,
 * Approvals), each defined once: the payload a proposal keeps (the request as the operator API
 * read it, in its field names, amounts in rupees, times ISO 8601), what it acts on, a sentence of
 * what it does, and how it runs in the caller's transaction through the same domain function the
 * route runs when dual control is off. The proposal runs it and rolls it back to show what it would
 * do; the approval runs it for good, re-checking everything as of then.
 */
import { z } from 'zod';
import type { ApprovalAction, ApprovalField } from '../../shared/approval-views.js';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount, parseAmount } from '../../shared/money.js';
import type { ActedBy } from '../audit/record-action.js';
import { confirmCreditByHand, confirmedCredit } from '../credits/confirm-credit-by-hand.js';
import { findCreditSource } from '../credits/credit-source-store.js';
import { fixTextIntoCredit } from '../credits/fix-text-into-credit.js';
import { releaseFrozenCredit, returnCreditMoney } from '../credits/frozen-money.js';
import { type ManualResult, refused } from '../credits/manual-result.js';
import { matchCreditByHand } from '../credits/match-credit-by-hand.js';
import { postedCredit, postManualCredit } from '../credits/post-manual-credit.js';
import { replayTextIn } from '../credits/replay-text.js';
import { resolveContestedClaim } from '../credits/resolve-contested-claim.js';
import { importAllLines } from '../credits/statements/statement-import.js';
import { STATEMENT_LINES } from '../credits/statements/statement-line-schema.js';
import { type StatusSet, setStatusByHand } from '../lifecycle/set-status-by-hand.js';
import type { Order } from '../orders/order.js';
import type { Queryable } from '../store/db.js';

/** Who runs an action: the operator, and the note the action's audit row carries, as its input names them. */
export interface Actor extends ActedBy {
  readonly note: string;
}

/** A proposal's payload read back: what it acts on, what it does, and the action to run. */
export interface PreparedAction {
  readonly subject: string;
  readonly summary: string;
  readonly request: readonly ApprovalField[];
  run(tx: Queryable, actor: Actor, now: Date): Promise<ManualResult<object>>;
}

interface ActionDefinition<S extends z.ZodType> {
  readonly payload: S;
  subject(payload: z.output<S>): string;
  summary(payload: z.output<S>): string;
  run(tx: Queryable, payload: z.output<S>, actor: Actor, now: Date): Promise<ManualResult<object>>;
}

function define<S extends z.ZodType>(definition: ActionDefinition<S>) {
  return (json: unknown): PreparedAction => {
    const payload = definition.payload.parse(json);
    return {
      subject: definition.subject(payload),
      summary: definition.summary(payload),
      request: fieldsOf(json),
      run: (tx, actor, now) => definition.run(tx, payload, actor, now),
    };
  };
}

const when = z
  .string()
  .nullable()
  .transform((text) => (text === null ? undefined : new Date(text)));
const rupees = (amount: string) => `₹${amount}`;

const ACTIONS: { readonly [A in ApprovalAction]: (json: unknown) => PreparedAction } = {
  'credit.post': define({
    payload: z.object({
      utr: z.string(),
      amount: z.string(),
      payee: z.string(),
      payer_name: z.string(),
      credited_at: when,
    }),
    subject: (p) => `utr:${p.utr}`,
    summary: (p) =>
      `Post a bank credit of ${rupees(p.amount)} with UTR ${p.utr}${p.payee ? ` paid to ${p.payee}` : ''}`,
    run: async (tx, p, actor, now) => {
      const amount = parseAmount(p.amount);
      if (amount === undefined) return refused(400, 'amount: must be greater than 0');
      const posted = await postManualCredit(
        tx,
        {
          utr: p.utr,
          amount,
          payee: p.payee,
          payerName: p.payer_name,
          creditedAt: p.credited_at,
          ...actor,
        },
        now,
      );
      return postedCredit(posted);
    },
  }),
  'text.fix': define({
    payload: z.object({
      text_id: z.number().int(),
      utr: z.string(),
      amount: z.string(),
      payer_name: z.string(),
      credited_at: when,
    }),
    subject: (p) => `text:${p.text_id}`,
    summary: (p) => `Fix alert text ${p.text_id} into a credit of ${rupees(p.amount)} with UTR ${p.utr}`,
    run: (tx, p, actor, now) =>
      fixTextIntoCredit(
        tx,
        {
          rawTextId: p.text_id,
          utr: p.utr,
          amount: p.amount,
          payerName: p.payer_name,
          creditedAt: p.credited_at,
          ...actor,
        },
        now,
      ),
  }),
  'text.replay': define({
    payload: z.object({ source_id: z.string(), text: z.string(), sender: z.string(), received_at: when }),
    subject: (p) => `source:${p.source_id}`,
    summary: (p) =>
      `Replay an alert text for credit source ${p.source_id}${p.sender ? ` from ${p.sender}` : ''}`,
    run: async (tx, p, actor, now) => {
      const source = await findCreditSource(tx, p.source_id);
      if (source?.status !== 'active') return refused(404, 'source_id: no such active credit source');
      const done = await replayTextIn(
        tx,
        {
          source,
          channel: 'operator',
          text: p.text,
          sender: p.sender,
          receivedAt: p.received_at,
          ...actor,
        },
        now,
      );
      return {
        ok: true,
        value: {
          text_id: String(done.rawTextId),
          outcome: done.outcome,
          reason: done.reason,
          credit: done.credit ?? null,
        },
      };
    },
  }),
  'credit.match': define({
    payload: z.object({ credit_id: z.number().int(), payment_uid: z.string() }),
    subject: (p) => `credit:${p.credit_id}`,
    summary: (p) => `Match credit ${p.credit_id} to order ${p.payment_uid}`,
    run: (tx, p, actor, now) =>
      matchCreditByHand(tx, { creditId: p.credit_id, paymentUid: p.payment_uid, ...actor }, now),
  }),
  'credit.confirm': define({
    payload: z.object({ utr: z.string(), payment_uid: z.string() }),
    subject: (p) => `utr:${p.utr}`,
    summary: (p) => `Confirm that the credit with UTR ${p.utr} belongs to order ${p.payment_uid}`,
    run: async (tx, p, actor, now) =>
      confirmedCredit(
        p.utr,
        await confirmCreditByHand(tx, { utr: p.utr, paymentUid: p.payment_uid, ...actor }, now),
      ),
  }),
  'statement.import': define({
    payload: z.object({
      source_id: z.string().nullable(),
      format: z.string(),
      profile: z.string().nullable(),
      lines: STATEMENT_LINES,
    }),
    subject: (p) => (p.source_id ? `source:${p.source_id}` : 'statement'),
    summary: (p) => {
      const credits = p.lines.filter((line) => line.kind === 'credit');
      const total = credits.reduce((sum, line) => sum + (line.kind === 'credit' ? line.credit.amount : 0), 0);
      return `Import a ${p.format} statement of ${p.lines.length} lines (${credits.length} credits, ${rupees(formatAmount(total))})`;
    },
    run: async (tx, p, actor, now) => {
      const source = p.source_id ? await findCreditSource(tx, p.source_id) : undefined;
      if (p.source_id && source?.status !== 'active')
        return refused(404, 'source_id: no such active credit source');
      const { results, summary } = await importAllLines(
        tx,
        {
          lines: p.lines,
          source,
          format: p.format,
          profile: p.profile ?? undefined,
          ...actor,
        },
        now,
      );
      return { ok: true, value: { lines: results.length, summary } };
    },
  }),
  'order.status': define({
    payload: z.object({
      payment_uid: z.string(),
      status: z.enum(['processing', 'completed', 'failed', 'reject', 'refund', 'preparing']),
      reason: z.string().nullable(),
    }),
    subject: (p) => `order:${p.payment_uid}`,
    summary: (p) => `Set order ${p.payment_uid} to ${p.status}${p.reason ? ` (${p.reason})` : ''}`,
    run: async (tx, p, actor, now) => {
      const result = await setStatusByHand(
        tx,
        {
          paymentUid: p.payment_uid,
          status: p.status,
          reason: p.reason ?? undefined,
          ...actor,
        },
        now,
      );
      const answer = statusAnswer(result);
      if (!answer.ok) return answer;
      const order = answer.value;
      return { ok: true, value: { payment_uid: order.payment_uid, payment_status: order.payment_status } };
    },
  }),
  'claim.resolve': define({
    payload: z.object({ utr: z.string(), payment_uid: z.string() }),
    subject: (p) => `utr:${p.utr}`,
    summary: (p) => `Resolve contested UTR ${p.utr} for order ${p.payment_uid}, releasing the other claims`,
    run: (tx, p, actor, now) =>
      resolveContestedClaim(tx, { utr: p.utr, paymentUid: p.payment_uid, ...actor }, now),
  }),
  'credit.release': define({
    payload: z.object({ credit_id: z.number().int() }),
    subject: (p) => `credit:${p.credit_id}`,
    summary: (p) => `Release the frozen money of credit ${p.credit_id} to the merchant`,
    run: (tx, p, actor, now) => releaseFrozenCredit(tx, { creditId: p.credit_id, ...actor }, now),
  }),
  'credit.return': define({
    payload: z.object({ credit_id: z.number().int() }),
    subject: (p) => `credit:${p.credit_id}`,
    summary: (p) => `Return the money of credit ${p.credit_id} to the payer`,
    run: (tx, p, actor, now) => returnCreditMoney(tx, { creditId: p.credit_id, ...actor }, now),
  }),
};

/** A stored or proposed payload read as its action; throws on a payload the action does not take. */
export function prepareAction(action: ApprovalAction, json: unknown): PreparedAction {
  return ACTIONS[action](json);
}

/**
 * A request or an outcome as named text values: nested objects by dotted names, a list by its
 * length, dates ISO 8601.
 */
export function fieldsOf(value: unknown, prefix = ''): ApprovalField[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || value instanceof Date || Array.isArray(value)) {
    return [{ name: prefix || 'value', value: textOf(value) }];
  }
  return Object.entries(value).flatMap(([key, inner]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (inner === null || inner === undefined || inner === '') return [];
    if (typeof inner === 'object' && !(inner instanceof Date) && !Array.isArray(inner))
      return fieldsOf(inner, name);
    return [{ name, value: textOf(inner) }];
  });
}

function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  return String(value);
}

/** The order as the operator set it, or why it was refused. */
export function statusAnswer(result: StatusSet): ManualResult<Order> {
  if (result.kind === 'no_order') return refused(404, 'payment_uid: no such order');
  if (result.kind === 'refused') return refused(ERROR_CODES.invalidTransition, result.details);
  return { ok: true, value: result.order };
}
