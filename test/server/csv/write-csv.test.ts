/**
 * CSV written for people: no cell becomes a spreadsheet formula, and the file reads back (with
 * the csv-parse the service reads statements with) into exactly the cells written, escapes aside.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeCsv } from '../../../src/server/csv/write-csv.js';

/** What spreadsheets start a formula with, the full-width forms included. */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

describe('CSV output', () => {
  it('escapes cells starting with =, +, -, @, tab or carriage return, and nothing else', () => {
    const text = writeCsv([
      [
        '=HYPERLINK("https://evil.example","Refund")',
        '+91 98765 43210',
        '-2+3',
        '@SUM(A1)',
        '\tTab',
        '\rReturn',
      ],
      ['Ravi Kumar', '199.00', 'a,b', 'say "hi"', 'two\nlines', ' =not a formula'],
    ]);
    expect(parse(text, { relax_column_count: true })).toEqual([
      [
        '\'=HYPERLINK("https://evil.example","Refund")',
        "'+91 98765 43210",
        "'-2+3",
        "'@SUM(A1)",
        "'\tTab",
        "'\rReturn",
      ],
      ['Ravi Kumar', '199.00', 'a,b', 'say "hi"', 'two\nlines', ' =not a formula'],
    ]);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('never leaves a cell that starts a formula, and reads back to the cells written, whatever they hold', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: 'grapheme-composite', maxLength: 12 }), { minLength: 1, maxLength: 4 }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (rows) => {
          const cells: string[][] = parse(writeCsv(rows), {
            relax_column_count: true,
            skip_empty_lines: false,
          });
          expect(cells).toHaveLength(rows.length);
          for (const [r, row] of rows.entries()) {
            for (const [c, cell] of row.entries()) {
              const read = cells[r]?.[c] ?? '';
              expect(FORMULA_START.test(read)).toBe(false);
              expect(read).toBe(FORMULA_START.test(cell) ? `'${cell}` : cell);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the same bytes for the same rows, with the delimiter and line ends asked for', () => {
    const rows = [
      ['a', '=b'],
      ['c', 'd'],
    ];
    expect(writeCsv(rows)).toBe(writeCsv(rows));
    expect(writeCsv(rows, { delimiter: ';', recordDelimiter: 'unix' })).toBe("a;'=b\nc;d\n");
  });
});
