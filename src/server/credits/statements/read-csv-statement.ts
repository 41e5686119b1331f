/**
 * A statement CSV read with csv-parse (quoted fields such as `"Kumar, Ravi"` and `"1,000.00"`,
 * a byte-order mark, preamble lines above the header, footers with fewer columns), its columns
 * found by a profile (csv-profiles.ts). Credits and debits come from separate columns or one
 * signed amount (`-500.00`, `500.00 Dr`, `(500.00)`, or a Dr/Cr column); amounts in Indian
 * grouping; dates as `dd/mm/yyyy`, `dd-MMM-yy`, ISO and the other forms of indian-date.ts.
 */
import { parse } from 'csv-parse/sync';
import { findPayoutReference } from '../../channel/payout.js';
import { hasControlCharacter } from '../../http/clean-text.js';
import { parseIndianAmount } from '../indian-amount.js';
import { parseIndianDate } from '../indian-date.js';
import {
  type CsvProfile,
  FIELDS,
  type Field,
  findProfile,
  headerKey,
  recogniseProfile,
} from './csv-profiles.js';
import { payerFromNarration, transferReference, utrFromNarration, utrFromReference } from './find-utr.js';
import type { StatementLine, StatementRead } from './statement-line.js';

export interface CsvOptions {
  /** A profile name; recognised from the header when absent. */
  readonly profile?: string | undefined;
  /** Headers named by hand, per field (`column.utr=Reference`). */
  readonly columns?: Readonly<Partial<Record<Field, string>>>;
}

/** Banks put a preamble (account holder, period) above the header: look this far for it. */
const HEADER_SEARCH_ROWS = 40;

export function readCsvStatement(text: string, options: CsvOptions, now: Date): StatementRead {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    return { ok: false, error: `csv: ${error instanceof Error ? error.message : 'unreadable'}` };
  }
  const chosen = options.profile ? findProfile(options.profile) : undefined;
  if (options.profile && !chosen) return { ok: false, error: `profile: no profile named ${options.profile}` };
  for (const [at, { record }] of records.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const profile = chosen ?? recogniseProfile(record) ?? findProfile('generic');
    if (!profile) continue;
    const columns = columnIndexes(profile, record, options.columns ?? {});
    if (columns.credit === undefined && columns.amount === undefined) continue;
    if (columns.utr === undefined && columns.narration === undefined && columns.reference === undefined)
      continue;
    // A statement has few distinct dates: read each once.
    const dates = new Map<string, Date | undefined>();
    const dateOf = (text: string) => {
      if (!dates.has(text)) dates.set(text, parseIndianDate(text));
      return dates.get(text);
    };
    const lines = records.slice(at + 1).flatMap(({ record: row, info }) => {
      const line = readRow(row, columns, info.lines, now, dateOf);
      return line ? [line] : [];
    });
    return { ok: true, format: 'csv', profile: profile.name, lines };
  }
  return {
    ok: false,
    error: 'header: no header row with an amount (or credit) column and a UTR, reference or narration column',
  };
}

type Columns = Partial<Record<Field, number>>;

function columnIndexes(
  profile: CsvProfile,
  header: readonly string[],
  byHand: Partial<Record<Field, string>>,
): Columns {
  const keys = header.map(headerKey);
  const columns: Columns = {};
  for (const field of FIELDS) {
    const names = byHand[field] !== undefined ? [byHand[field]] : (profile.columns[field] ?? []);
    for (const name of names) {
      const index = keys.indexOf(headerKey(name ?? ''));
      if (index >= 0) {
        columns[field] = index;
        break;
      }
    }
  }
  return columns;
}

function readRow(
  row: readonly string[],
  columns: Columns,
  line: number,
  now: Date,
  dateOf: (text: string) => Date | undefined,
): StatementLine | undefined {
  const cell = (field: Field) => {
    const index = columns[field];
    // A quoted field may span lines: line breaks and tabs are spaces, other control characters refused.
    return index === undefined ? '' : (row[index] ?? '').replace(/[\r\n\t]+/g, ' ').trim();
  };
  const dirty = FIELDS.find((field) => hasControlCharacter(cell(field)));
  if (dirty !== undefined)
    return { line, kind: 'invalid', error: `${dirty}: must not contain control characters` };
  const money = readMoney(cell('credit'), cell('debit'), cell('amount'), cell('drcr'));
  const dateText = cell('date');
  // Footers ("** computer generated statement **"), opening-balance and total lines: not entries.
  if (money.kind === 'none' && (dateText === '' || !dateOf(dateText))) return undefined;
  if (money.kind === 'invalid') return { line, kind: 'invalid', error: `amount: ${money.why}` };
  if (money.kind === 'none') return { line, kind: 'invalid', error: 'amount: no credit amount on this line' };
  const narration = cell('narration');
  const text = [narration, cell('reference'), cell('utr')].filter(Boolean).join(' ');
  const movement = () => ({
    amount: money.amount,
    text,
    utr: cell('utr').replace(/\s+/g, '') || utrFromReference(cell('reference')) || transferReference(text),
    account: cell('payee'),
  });
  if (money.kind === 'debit') return { line, kind: 'debit', movement: movement() };
  if (findPayoutReference(text)) return { line, kind: 'return', movement: movement() };

  const utrCell = cell('utr').replace(/\s+/g, '');
  if (columns.utr !== undefined && utrCell !== '' && !/^\d{12}$/.test(utrCell)) {
    return { line, kind: 'invalid', error: 'utr: must be 12 digits' };
  }
  const utr = utrCell || utrFromReference(cell('reference')) || utrFromNarration(narration);
  if (!utr)
    return { line, kind: 'invalid', error: 'utr: no 12-digit UTR in the UTR, reference or narration column' };
  const creditedAt = dateText === '' ? now : dateOf(dateText);
  if (!creditedAt)
    return { line, kind: 'invalid', error: `credited_at: not a date (${dateText.slice(0, 40)})` };
  return {
    line,
    kind: 'credit',
    credit: {
      utr,
      amount: money.amount,
      payee: cell('payee'),
      payerName: cell('payer') || payerFromNarration(narration),
      creditedAt,
    },
  };
}

type Money =
  | { readonly kind: 'credit'; readonly amount: number }
  | { readonly kind: 'debit'; readonly amount: number }
  | { readonly kind: 'none' }
  | { readonly kind: 'invalid'; readonly why: string };

const EMPTY = /^(?:|-|0|0\.0+|0\.00)$/;

function readMoney(credit: string, debit: string, signed: string, drcr: string): Money {
  if (!EMPTY.test(credit)) {
    const amount = parseIndianAmount(credit);
    return amount === undefined
      ? { kind: 'invalid', why: 'must be a positive decimal' }
      : { kind: 'credit', amount };
  }
  if (!EMPTY.test(debit)) {
    const amount = parseIndianAmount(debit.replace(/^-/, ''));
    return amount === undefined
      ? { kind: 'invalid', why: 'must be a positive decimal' }
      : { kind: 'debit', amount };
  }
  if (EMPTY.test(signed)) return { kind: 'none' };
  let text = signed.replace(/\s+/g, ' ');
  let negative = false;
  const suffix = /\s*\b(Cr|Dr|C|D)\.?$/i.exec(text);
  if (suffix) {
    negative = /^d/i.test(suffix[1] ?? '');
    text = text.slice(0, suffix.index);
  }
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (/^(?:dr|d|debit|withdrawal)$/i.test(drcr)) negative = true;
  const amount = parseIndianAmount(text);
  if (amount === undefined) return { kind: 'invalid', why: 'must be a positive decimal' };
  return negative ? { kind: 'debit', amount } : { kind: 'credit', amount };
}
