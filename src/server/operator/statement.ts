/**
 * Bank statement import. Format (CSV, UTF-8, header row required, comma separated, no quotes
 * needed for these fields): `utr,amount,payee,payer_name,credited_at`, where amount is a decimal
 * rupee amount and credited_at an ISO 8601 instant (optional). Extra columns are ignored.
 */
import { parseAmount } from '../../shared/money.js';
import { isValidUtr, normalizeUtr } from '../../shared/utr.js';
import { hasControlCharacter, isSaneDate } from '../http/clean-text.js';
import type { NewCredit } from '../lifecycle/post-credit.js';

export type StatementLine =
  | { readonly line: number; readonly ok: true; readonly credit: NewCredit }
  | { readonly line: number; readonly ok: false; readonly error: string };

export function parseStatement(csv: string, now: Date): StatementLine[] {
  const rows = csv.split(/\r?\n/).filter((row) => row.trim() !== '');
  const header =
    rows
      .shift()
      ?.split(',')
      .map((cell) => cell.trim().toLowerCase()) ?? [];
  const column = (name: string) => header.indexOf(name);
  if (column('utr') < 0 || column('amount') < 0) {
    return [{ line: 1, ok: false, error: 'header must name at least utr and amount' }];
  }
  return rows.map((row, index): StatementLine => {
    const line = index + 2;
    const cells = row.split(',').map((cell) => cell.trim());
    const cell = (name: string) => (column(name) >= 0 ? (cells[column(name)] ?? '') : '');
    const dirty = header.find((name) => hasControlCharacter(cell(name)));
    if (dirty !== undefined)
      return { line, ok: false, error: `${dirty}: must not contain control characters` };
    const utr = normalizeUtr(cell('utr'));
    if (!isValidUtr(utr)) return { line, ok: false, error: 'utr: must be 12 digits' };
    const amount = parseAmount(cell('amount'));
    if (amount === undefined) return { line, ok: false, error: 'amount: must be a positive decimal' };
    const at = cell('credited_at');
    const creditedAt = at ? new Date(at) : now;
    if (Number.isNaN(creditedAt.getTime())) return { line, ok: false, error: 'credited_at: not a date' };
    if (!isSaneDate(creditedAt))
      return { line, ok: false, error: 'credited_at: must be between 2000 and 2100' };
    return {
      line,
      ok: true,
      credit: {
        utr,
        amount,
        payee: cell('payee'),
        payerName: cell('payer_name'),
        creditedAt,
        source: 'statement',
      },
    };
  });
}
