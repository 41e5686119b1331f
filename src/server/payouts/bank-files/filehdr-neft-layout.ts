/**
 * The NEFT/RTGS text upload of a corporate internet banking portal whose published instructions
 * give a `FILEHDR` first row (corporate id, file serial) and eleven fields per payment, comma- or
 * pipe-separated (docs/decisions/0026-payout-bank-files.md; the public sample debits a Union Bank
 * of India branch). NEFT rows only. Our reference goes into the 20-character Remarks field.
 */
import { formatAmount } from '../../../shared/money.js';
import { writeCsv } from '../../csv/write-csv.js';
import { cleanBankText } from './bank-text.js';
import type { PayoutFileLayout } from './payout-file.js';

const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24}$/;

export const filehdrNeftLayout: PayoutFileLayout = {
  name: 'filehdr-neft',
  title: 'FILEHDR NEFT text upload',
  modes: ['NEFT'],
  options: {
    corporate_id: 'the corporate id of the portal login (up to 32 letters or digits)',
    email: 'the user e-mail the portal wants on every line',
    delimiter: 'comma (default) or pipe',
  },
  write(batch, options) {
    const corporateId = options.corporate_id ?? '';
    if (!/^[A-Za-z0-9]{1,32}$/.test(corporateId))
      return { ok: false, error: 'corporate_id: 1-32 letters or digits' };
    const email = options.email ?? '';
    if (email.length > 80 || !EMAIL.test(email))
      return { ok: false, error: 'email: an e-mail address of up to 80 characters' };
    const delimiter = { comma: ',', pipe: '|' }[options.delimiter ?? 'comma'];
    if (!delimiter) return { ok: false, error: 'delimiter: comma or pipe' };
    const serial = String(batch.seq % 1_000_000);
    const rows = [
      ['FILEHDR', corporateId, serial],
      ...batch.lines.map((line) => [
        'NEFT',
        batch.debitIfsc,
        batch.debitAccount,
        line.ifsc,
        line.beneficiaryAccount,
        'INR',
        formatAmount(line.amount),
        cleanBankText(line.narration, 140),
        cleanBankText(line.beneficiaryName, 40),
        email,
        line.reference,
      ]),
    ];
    return {
      ok: true,
      file: {
        filename: `${corporateId}-${batch.id}.txt`,
        contentType: 'text/plain; charset=us-ascii',
        body: writeCsv(rows, { delimiter }),
      },
    };
  },
};
