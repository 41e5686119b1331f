/**
 * Bank statement files: CSV (csv-parse, column profiles per bank, see
 * credits/statements/csv-profiles.ts), SWIFT MT940 and ISO 20022 camt.053, read into lines
 * (a credit, a debit, or invalid with the reason). The format is taken from the request or
 * recognised from the content.
 */
import type { Field } from './csv-profiles.js';
import { readCamt053 } from './read-camt053.js';
import { readCsvStatement } from './read-csv-statement.js';
import { readMt940 } from './read-mt940.js';
import type { StatementRead } from './statement-line.js';

export const STATEMENT_FORMATS = ['csv', 'mt940', 'camt.053'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export interface StatementOptions {
  readonly format?: StatementFormat | undefined;
  readonly profile?: string | undefined;
  readonly columns?: Readonly<Partial<Record<Field, string>>>;
}

export function readStatement(body: string, options: StatementOptions, now: Date): StatementRead {
  switch (options.format ?? recogniseFormat(body)) {
    case 'camt.053':
      return readCamt053(body, now);
    case 'mt940':
      return readMt940(body);
    case 'csv':
      return readCsvStatement(body, { profile: options.profile, columns: options.columns ?? {} }, now);
  }
}

export function recogniseFormat(body: string): StatementFormat {
  const head = body
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<') && /camt\.053|BkToCstmrStmt/.test(head)) return 'camt.053';
  if (/^(?:\{1:|:20:)/.test(head) || (/^:20:/m.test(head) && /^:61:/m.test(body))) return 'mt940';
  return 'csv';
}
