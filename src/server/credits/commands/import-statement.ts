/**
 * An operator imports a bank statement's lines as credits: in batches of a thousand lines, one
 * transaction each (statements/import-batch.ts), each credit with its own matching; then the audit
 * row, which follows the last batch and records who imported what and what became of each kind of
 * line (statements/statement-import.ts).
 */
import type { AppDeps } from '../../app-deps.js';
import { importBatch, type LineReport } from '../statements/import-batch.js';
import {
  auditImport,
  IMPORT_BATCH,
  type ImportStatement,
  type StatementImported,
} from '../statements/statement-import.js';

export async function importStatement(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: ImportStatement,
): Promise<StatementImported> {
  const { lines, source } = input;
  const now = deps.clock.now();
  const results: LineReport[] = [];
  for (let start = 0; start < lines.length; start += IMPORT_BATCH) {
    const batch = lines.slice(start, start + IMPORT_BATCH);
    results.push(...(await deps.db.transaction((tx) => importBatch(tx, batch, source, now))));
  }
  return auditImport(deps.db, input, results, deps.clock.now());
}
