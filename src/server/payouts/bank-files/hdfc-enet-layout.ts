/**
 * HDFC Bank ENet's bulk "vendor payment" upload, as its upload manual and upload-file
 * specification show it (docs/decisions/0026-payout-bank-files.md): comma-separated, no header,
 * no commas or special characters in any field, 28 fields per line, named
 * `<client code><DDMM>.<serial>`. Transaction type `N` is NEFT; the documents found list no IMPS
 * type, so this layout carries NEFT batches only. Our reference goes into the Customer Reference
 * Number, which ENet's reverse file returns beside its own reference.
 */
import { formatAmount } from '../../../shared/money.js';
import { writeCsv } from '../../csv/write-csv.js';
import { cleanBankText, indianDate } from './bank-text.js';
import type { PayoutFileLayout } from './payout-file.js';

const FIELDS = 28;

export const hdfcEnetLayout: PayoutFileLayout = {
  name: 'hdfc-enet',
  title: 'HDFC Bank ENet vendor payment upload (NEFT)',
  modes: ['NEFT'],
  options: {
    client_code:
      'the 4-character client code HDFC assigned to the debit account (the file name starts with it)',
  },
  write(batch, options) {
    const clientCode = (options.client_code ?? '').toUpperCase();
    if (!/^[A-Z0-9]{4}$/.test(clientCode))
      return { ok: false, error: 'client_code: the 4 letters or digits HDFC assigned to the debit account' };
    const { day, month, year } = indianDate(batch.preparedAt);
    const rows = batch.lines.map((line) => {
      const row = new Array<string>(FIELDS).fill('');
      row[0] = 'N';
      row[2] = line.beneficiaryAccount;
      row[3] = formatAmount(line.amount);
      row[4] = cleanBankText(line.beneficiaryName, 35);
      row[13] = line.reference;
      row[14] = cleanBankText(line.narration, 30);
      row[22] = `${day}/${month}/${year}`;
      row[24] = line.ifsc;
      return row;
    });
    const serial = String(((batch.seq - 1) % 999) + 1).padStart(3, '0');
    return {
      ok: true,
      file: {
        filename: `${clientCode}${day}${month}.${serial}`,
        contentType: 'text/plain; charset=us-ascii',
        body: writeCsv(rows, { delimiter: ',' }),
      },
    };
  },
};
