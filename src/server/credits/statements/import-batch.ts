/**
 * One batch of a statement's lines, in the caller's transaction, reporting each line: a credit
 * created (it settled the claimed order, `completed` or `rejected`, or it is `waiting`),
 * `duplicate` (already known: importing a file twice changes nothing), `conflict` (another amount
 * under the same UTR), `confirmed` or `frozen` (a credit known from a bank's text, which the line
 * confirms or contradicts: statement-evidence.ts), `ignored` (a debit that is none of our payouts) or `invalid` with the
 * reason. Debit and return lines carrying our payout reference complete, fail or reverse bank-file
 * payouts (payouts/statement-payouts.ts): `payout_completed`, `payout_failed`, `payout_reversed`,
 * `payout_mismatch` (amount or account differ: nothing changes), `payout_unknown`.
 *
 * All the batch's UTRs are locked at once, as lockUtr does for one. A credit whose UTR a payer
 * claimed is received through the one matching path (receive-credit.ts); for the others the
 * matching decides with no claim (decide.ts), which is to wait for one with nothing to write
 * beyond the credit, so they are stored in one insert. A 4 MB file is about 50,000 lines: one
 * statement per line would take minutes.
 */
import { formatAmount } from '../../../shared/money.js';
import { postReceivedMany } from '../../ledger/ledger.js';
import { applyStatementMovement } from '../../payouts/statement-payouts.js';
import type { Queryable } from '../../store/db.js';
import { claimedAmong } from '../claim-store.js';
import { receiptOf } from '../credit-receipt.js';
import type { CreditSource } from '../credit-source-store.js';
import { insertWaitingCredits, type KnownCredit, knownCredits, lockUtrs } from '../credit-store.js';
import { decide } from '../matching/decide.js';
import { receiveSourceCredit } from '../read-text.js';
import { type ReceiveResult, receiveCredit } from '../receive-credit.js';
import { applyStatementEvidence, awaitsStatement } from './statement-evidence.js';
import type { StatementCredit, StatementLine } from './statement-line.js';

export type LineReport = { readonly line: number; readonly outcome: string } & Record<string, unknown>;

export async function importBatch(
  tx: Queryable,
  lines: readonly StatementLine[],
  source: CreditSource | undefined,
  now: Date,
): Promise<LineReport[]> {
  const credits = lines.flatMap((line) => (line.kind === 'credit' ? [line.credit.utr] : []));
  await lockUtrs(tx, credits);
  const known = new Map<string, Pick<KnownCredit, 'amount' | 'payment_uid' | 'hold'>>();
  for (const row of await knownCredits(tx, credits)) known.set(row.utr, row);
  const claimed = await claimedAmong(tx, credits);
  const reports: LineReport[] = [];
  const waiting: { credit: StatementCredit; payee: string }[] = [];
  for (const line of lines) {
    if (line.kind === 'debit' || line.kind === 'return') {
      // Bank-file payouts: a debit with our reference completes one, a return fails or reverses it.
      reports.push({
        line: line.line,
        ...(await applyStatementMovement(tx, line.movement, line.kind, now)),
      });
      continue;
    }
    if (line.kind === 'invalid') {
      reports.push({ line: line.line, outcome: 'invalid', error: line.error });
      continue;
    }
    const { credit } = line;
    const base = { line: line.line, utr: credit.utr, amount: formatAmount(credit.amount) };
    const existing = known.get(credit.utr);
    const payee = source?.account ?? credit.payee;
    if (existing && awaitsStatement(existing.hold)) {
      // A credit known from a bank's text: this line confirms or contradicts it.
      const evidence = await applyStatementEvidence(
        tx,
        { utr: credit.utr, amount: credit.amount, payee },
        now,
      );
      if (evidence.outcome === 'confirmed') known.set(credit.utr, { ...existing, hold: 'cleared' });
      reports.push({ ...base, ...evidence });
      continue;
    }
    if (existing) {
      reports.push(
        existing.amount === credit.amount
          ? { ...base, outcome: 'duplicate', payment_uid: existing.payment_uid }
          : { ...base, outcome: 'conflict', error: 'a different credit with this UTR exists' },
      );
      continue;
    }
    const waits = claimed.has(credit.utr) ? undefined : waitsUnclaimed(credit, payee);
    if (waits === undefined) {
      const posted = await receiveStatementCredit(tx, source, credit, payee, now);
      known.set(credit.utr, {
        amount: posted.credit.amount,
        payment_uid: posted.kind === 'matched' ? posted.order.payment_uid : posted.credit.payment_uid,
        hold: posted.credit.hold,
      });
      reports.push({ ...base, ...receiptOf(posted) });
      continue;
    }
    known.set(credit.utr, { amount: credit.amount, payment_uid: null, hold: 'none' });
    waiting.push({ credit, payee });
    reports.push({ ...base, outcome: 'waiting', reason: waits });
  }
  const inserted = await insertWaitingCredits(
    tx,
    waiting.map(({ credit, payee }) => ({
      utr: credit.utr,
      amount: credit.amount,
      payee,
      payerName: credit.payerName.slice(0, 256),
      creditedAt: credit.creditedAt,
    })),
    source?.id ?? null,
    now,
  );
  await postReceivedMany(tx, inserted, now);
  return reports;
}

/**
 * Why a new credit that no order claimed waits, when the matching decides (decide.ts) that it
 * only waits, with nothing to write beyond the credit itself; undefined when it decides more.
 */
function waitsUnclaimed(credit: StatementCredit, payee: string): string | undefined {
  const decision = decide(
    { kind: 'credit', utr: credit.utr },
    {
      credit: { utr: credit.utr, amount: credit.amount, payee, payment_uid: null },
      claims: [],
      losers: [],
      orders: new Map(),
      claimCount: 0,
      collectors: undefined,
    },
  );
  return decision.steps.length === 0 && decision.outcome.kind === 'waiting'
    ? decision.outcome.reason
    : undefined;
}

async function receiveStatementCredit(
  tx: Queryable,
  source: CreditSource | undefined,
  credit: StatementCredit,
  payee: string,
  now: Date,
): Promise<ReceiveResult> {
  const parsed = {
    utr: credit.utr,
    amount: credit.amount,
    creditedAt: credit.creditedAt,
    payer: credit.payerName,
  };
  if (source) return receiveSourceCredit(tx, source, parsed, 'statement', now);
  return receiveCredit(tx, { ...parsed, payee, payerName: credit.payerName, source: 'statement' }, now);
}
