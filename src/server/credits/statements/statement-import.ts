/**
 * A statement's lines imported as credits, and the audit row that records who imported what and
 * what became of each kind of line. An import run at once commits a batch at a time
 * (commands/import-statement.ts); one a second operator approves runs every batch in the
 * approval's one transaction (`importAllLines`, approvals/manual-actions.ts).
 */
import { recordAction } from '../../audit/record-action.js';
import type { Queryable } from '../../store/db.js';
import type { CreditSource } from '../credit-source-store.js';
import { importBatch, type LineReport } from './import-batch.js';
import type { StatementLine } from './statement-line.js';

export interface ImportStatement {
  readonly lines: readonly StatementLine[];
  readonly source: CreditSource | undefined;
  readonly format: string;
  readonly profile: string | undefined;
  readonly actor: string;
  readonly note?: string;
}

export interface StatementImported {
  readonly results: readonly LineReport[];
  /** How many lines came out each way. */
  readonly summary: Readonly<Record<string, number>>;
}

/** Lines per batch: a 4 MB file is about 50,000 lines. */
export const IMPORT_BATCH = 1000;

export async function auditImport(
  tx: Queryable,
  input: ImportStatement,
  results: readonly LineReport[],
  now: Date,
): Promise<StatementImported> {
  const summary: Record<string, number> = {};
  for (const line of results) summary[line.outcome] = (summary[line.outcome] ?? 0) + 1;
  await recordAction(tx, now, input, {
    action: 'statement.import',
    subject: input.source ? `source:${input.source.id}` : 'statement',
    after: { format: input.format, profile: input.profile, lines: results.length, summary },
  });
  return { results, summary };
}

/** Every line in the caller's transaction, then the audit row. */
export async function importAllLines(
  tx: Queryable,
  input: ImportStatement,
  now: Date,
): Promise<StatementImported> {
  const results: LineReport[] = [];
  for (let start = 0; start < input.lines.length; start += IMPORT_BATCH) {
    results.push(
      ...(await importBatch(tx, input.lines.slice(start, start + IMPORT_BATCH), input.source, now)),
    );
  }
  return auditImport(tx, input, results, now);
}
