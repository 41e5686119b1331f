/**
 * Rows written with csv-stringify (docs/decisions/0026-payout-bank-files.md): quoting only where
 * a cell needs it, and every cell that a spreadsheet would read as a formula (starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) prefixed with `'`, since operators open these files
 * in a spreadsheet before uploading them. The same rows always give the same bytes.
 */
import { stringify } from 'csv-stringify/sync';

export interface RowOptions {
  readonly delimiter: string;
  /** Bank portals are Windows programs: CRLF unless a layout says otherwise. */
  readonly recordDelimiter?: 'windows' | 'unix';
}

export function writeRows(rows: readonly (readonly string[])[], options: RowOptions): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      delimiter: options.delimiter,
      record_delimiter: options.recordDelimiter ?? 'windows',
      escape_formulas: true,
      eof: true,
    },
  );
}
