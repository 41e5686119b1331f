/**
 * A CSV the operator shapes to what their bank's portal takes: which columns, in which order, the
 * delimiter and whether a header row comes first. Carries IMPS and NEFT rows.
 */
import { formatAmount } from '../../../shared/money.js';
import { writeCsv } from '../../csv/write-csv.js';
import { cleanBankText, indianDate } from './bank-text.js';
import type { PayoutFileBatch, PayoutFileLayout, PayoutFileLine } from './payout-file.js';

type Cell = (line: PayoutFileLine, batch: PayoutFileBatch) => string;

const COLUMNS: Readonly<Record<string, Cell>> = {
  reference: (line) => line.reference,
  mode: (_, batch) => batch.mode,
  beneficiary_account: (line) => line.beneficiaryAccount,
  ifsc: (line) => line.ifsc,
  beneficiary_name: (line) => cleanBankText(line.beneficiaryName, 50),
  amount: (line) => formatAmount(line.amount),
  amount_paise: (line) => String(line.amount),
  narration: (line) => cleanBankText(line.narration, 30),
  debit_account: (_, batch) => batch.debitAccount,
  debit_ifsc: (_, batch) => batch.debitIfsc,
  date: (_, batch) => {
    const { day, month, year } = indianDate(batch.preparedAt);
    return `${day}/${month}/${year}`;
  },
};

export const GENERIC_COLUMNS = Object.keys(COLUMNS);
const DEFAULT_COLUMNS = [
  'reference',
  'mode',
  'beneficiary_account',
  'ifsc',
  'beneficiary_name',
  'amount',
  'narration',
  'debit_account',
  'date',
];
const DELIMITERS: Readonly<Record<string, string>> = { comma: ',', pipe: '|', semicolon: ';', tab: '\t' };

export const genericLayout: PayoutFileLayout = {
  name: 'generic',
  title: 'Configurable CSV',
  modes: ['IMPS', 'NEFT'],
  options: {
    columns: `comma-separated, in order, from ${GENERIC_COLUMNS.join(', ')} (default ${DEFAULT_COLUMNS.join(',')})`,
    delimiter: 'comma (default), pipe, semicolon or tab',
    header: 'true (default) or false: a first row naming the columns',
  },
  write(batch, options) {
    const columns = options.columns ? options.columns.split(',').map((name) => name.trim()) : DEFAULT_COLUMNS;
    const unknown = columns.filter((name) => !(name in COLUMNS));
    if (unknown.length > 0 || columns.length === 0)
      return {
        ok: false,
        error: `columns: unknown ${unknown.join(', ') || '(none given)'}; use ${GENERIC_COLUMNS.join(', ')}`,
      };
    const delimiter = DELIMITERS[options.delimiter ?? 'comma'];
    if (!delimiter) return { ok: false, error: 'delimiter: comma, pipe, semicolon or tab' };
    if (options.header !== undefined && options.header !== 'true' && options.header !== 'false')
      return { ok: false, error: 'header: true or false' };
    const rows = batch.lines.map((line) => columns.map((name) => (COLUMNS[name] as Cell)(line, batch)));
    const body = writeCsv(options.header === 'false' ? rows : [columns, ...rows], { delimiter });
    return {
      ok: true,
      file: { filename: `payouts-${batch.id}.csv`, contentType: 'text/csv; charset=utf-8', body },
    };
  },
};
