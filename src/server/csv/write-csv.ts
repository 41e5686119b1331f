/**
 * Every CSV the service writes for people goes through here (docs/decisions/0029-csv-output.md):
 * written with csv-stringify, from the same project as the csv-parse that reads statements.
 * A cell a spreadsheet would take for a formula (one starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return, or the full-width `＝＋－＠`) is prefixed with `'`, so a payer-supplied name such as `=HYPERLINK(...)` stays
 * text when an operator opens the file; a cell holding a line break is quoted whatever the
 * record delimiter (csv-stringify quotes only for the delimiter it writes); the same rows always
 * give the same bytes.
 */
import { stringify } from 'csv-stringify/sync';

export interface CsvOptions {
  /** Default `,`. */
  readonly delimiter?: string;
  /** Spreadsheets and bank portals are Windows programs: CRLF unless told otherwise. */
  readonly recordDelimiter?: 'windows' | 'unix';
}

export function writeCsv(rows: readonly (readonly string[])[], options: CsvOptions = {}): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      delimiter: options.delimiter ?? ',',
      record_delimiter: options.recordDelimiter ?? 'windows',
      escape_formulas: true,
      quoted_match: /[\r\n]/,
      eof: true,
    },
  );
}
