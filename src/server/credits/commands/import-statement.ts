/**
 * An operator imports a bank statement's lines as credits: in batches of a thousand lines, one
 * transaction each (statements/import-batch.ts), each credit with its own matching; then the audit
 * row, which follows the last batch and records who imported what and what became of each kind of
 * line.
 */
import type { AppDeps } from '../../app-deps.js';
import { writeAudit } from '../../audit/audit-store.js';
import type { CreditSource } from '../credit-source-store.js';
import { importBatch, type LineReport } from '../statements/import-batch.js';
import type { StatementLine } from '../statements/statement-line.js';

export interface ImportStatement {
  readonly lines: readonly StatementLine[];
  readonly source: CreditSource | undefined;
  readonly format: string;
  readonly profile: string | undefined;
  readonly actor: string;
}

export interface StatementImported {
  readonly results: readonly LineReport[];
  /** How many lines came out each way. */
  readonly summary: Readonly<Record<string, number>>;
}

const BATCH = 1000;

export async function importStatement(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: ImportStatement,
): Promise<StatementImported> {
  const { lines, source } = input;
  const now = deps.clock.now();
  const results: LineReport[] = [];
  for (let start = 0; start < lines.length; start += BATCH) {
    const batch = lines.slice(start, start + BATCH);
    results.push(...(await deps.db.transaction((tx) => importBatch(tx, batch, source, now))));
  }
  const summary: Record<string, number> = {};
  for (const line of results) summary[line.outcome] = (summary[line.outcome] ?? 0) + 1;
  await writeAudit(
    deps.db,
    {
      actor: input.actor,
      action: 'statement.import',
      subject: source ? `source:${source.id}` : 'statement',
      after: { format: input.format, profile: input.profile, lines: results.length, summary },
    },
    deps.clock.now(),
  );
  return { results, summary };
}
