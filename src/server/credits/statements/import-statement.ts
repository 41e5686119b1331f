/**
 * Imports a statement's lines as credits, reporting each line: a credit created (it settled the
 * claimed order, `completed` or `rejected`, or it is `waiting`), `duplicate` (already known:
 * importing a file twice changes nothing), `conflict` (another amount under the same UTR),
 * `ignored` (a debit that is none of our payouts) or `invalid` with the reason. Debit and return
 * lines carrying our payout reference complete, fail or reverse bank-file payouts
 * (payouts/statement-payouts.ts): `payout_completed`, `payout_failed`, `payout_reversed`,
 * `payout_mismatch` (amount or account differ: nothing changes), `payout_unknown`.
 *
 * Lines go in batches, one transaction each, with all the batch's UTRs locked as lockUtr does
 * for one. A credit whose UTR a payer claimed goes through postCredit, the one matching path,
 * inside the batch's transaction; the others cannot settle anything yet (no claim: postCredit
 * would only store them as waiting), so they are stored in one insert. A 4 MB file is about
 * 50,000 lines: one transaction per line would take minutes.
 */
import { formatAmount } from '../../../shared/money.js';
import { applyStatementMovement } from '../../payouts/statement-payouts.js';
import type { Db, Queryable } from '../../store/db.js';
import { claimedAmong } from '../claim-store.js';
import type { CreditSource } from '../credit-source-store.js';
import { insertWaitingCredits, knownCredits, lockUtrs } from '../credit-store.js';
import { postSourceCredit } from '../ingest-text.js';
import { type PostCreditResult, postCredit } from '../matching/post-credit.js';
import { withinTransaction } from '../within-transaction.js';
import type { StatementCredit, StatementLine } from './statement-line.js';

export type LineReport = { readonly line: number; readonly outcome: string } & Record<string, unknown>;

const BATCH = 1000;

export async function importStatement(
  db: Db,
  lines: readonly StatementLine[],
  source: CreditSource | undefined,
  now: Date,
): Promise<LineReport[]> {
  const reports: LineReport[] = [];
  for (let start = 0; start < lines.length; start += BATCH) {
    reports.push(...(await importBatch(db, lines.slice(start, start + BATCH), source, now)));
  }
  return reports;
}

async function importBatch(
  db: Db,
  lines: readonly StatementLine[],
  source: CreditSource | undefined,
  now: Date,
): Promise<LineReport[]> {
  const credits = lines.flatMap((line) => (line.kind === 'credit' ? [line.credit.utr] : []));
  return db.transaction(async (tx) => {
    await lockUtrs(tx, credits);
    const known = new Map<string, { amount: number; payment_uid: string | null }>();
    for (const row of await knownCredits(tx, credits)) known.set(row.utr, row);
    const claimed = await claimedAmong(tx, credits);
    const reports: LineReport[] = [];
    const waiting: { index: number; credit: StatementCredit; payee: string }[] = [];
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
      if (existing) {
        reports.push(
          existing.amount === credit.amount
            ? { ...base, outcome: 'duplicate', payment_uid: existing.payment_uid }
            : { ...base, outcome: 'conflict', error: 'a different credit with this UTR exists' },
        );
        continue;
      }
      const payee = source?.account ?? credit.payee;
      if (claimed.has(credit.utr)) {
        const posted = await postStatementCredit(tx, db, source, credit, payee, now);
        known.set(credit.utr, {
          amount: posted.credit.amount,
          payment_uid: posted.kind === 'matched' ? posted.order.payment_uid : posted.credit.payment_uid,
        });
        reports.push({ ...base, ...reportOf(posted) });
        continue;
      }
      known.set(credit.utr, { amount: credit.amount, payment_uid: null });
      waiting.push({ index: reports.length, credit, payee });
      reports.push({ ...base, outcome: 'waiting', reason: 'no order has claimed this UTR yet' });
    }
    await insertWaitingCredits(
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
    return reports;
  });
}

async function postStatementCredit(
  tx: Queryable,
  db: Db,
  source: CreditSource | undefined,
  credit: StatementCredit,
  payee: string,
  now: Date,
): Promise<PostCreditResult> {
  const parsed = {
    utr: credit.utr,
    amount: credit.amount,
    creditedAt: credit.creditedAt,
    payer: credit.payerName,
  };
  if (source) return postSourceCredit(tx, db, source, parsed, 'statement', now);
  return postCredit(
    withinTransaction(db, tx),
    { ...parsed, payee, payerName: credit.payerName, source: 'statement' },
    now,
  );
}

function reportOf(posted: PostCreditResult): Record<string, unknown> & { outcome: string } {
  switch (posted.kind) {
    case 'matched':
      return {
        outcome: posted.outcome,
        payment_uid: posted.order.payment_uid,
        payment_status: posted.order.payment_status,
      };
    case 'waiting':
      return { outcome: 'waiting', reason: posted.reason };
    case 'duplicate':
      return { outcome: 'duplicate', payment_uid: posted.credit.payment_uid };
    case 'conflict':
      return { outcome: 'conflict', error: 'a different credit with this UTR exists' };
  }
}
