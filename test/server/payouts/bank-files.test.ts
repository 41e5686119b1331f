import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { writeCsv } from '../../../src/server/csv/write-csv.js';
import { cleanBankText } from '../../../src/server/payouts/bank-files/bank-text.js';
import type { PayoutFileBatch } from '../../../src/server/payouts/bank-files/payout-file.js';
import { writePayoutFile } from '../../../src/server/payouts/bank-files/payout-file-layouts.js';

/** Payees as merchants send them: punctuation, accents, another script, a formula, a long name. */
const batch = (mode: 'IMPS' | 'NEFT' = 'IMPS'): PayoutFileBatch => ({
  id: 'PB7F3A2C91D04E',
  seq: 1042,
  mode,
  debitAccount: '50200012345678',
  debitIfsc: 'HDFC0001234',
  // 20:10 UTC on 31 March is already 1 April in India.
  preparedAt: new Date('2026-03-31T20:10:00Z'),
  lines: [
    {
      reference: 'PO1A2B3C4D5E6F7',
      beneficiaryAccount: '000123456789',
      ifsc: 'ICIC0000104',
      beneficiaryName: 'Ravi Kumar, S/O Mohan',
      amount: 123450,
      narration: 'Refund #ORD-88/2026',
    },
    {
      reference: 'PO00000000000A1',
      beneficiaryAccount: '918020034567812',
      ifsc: 'SBIN0011513',
      beneficiaryName: 'José Fernandes',
      amount: 5,
      narration: 'Winnings',
    },
    {
      reference: 'PO00000000000A2',
      beneficiaryAccount: '30291827364',
      ifsc: 'KKBK0000811',
      beneficiaryName: '=HYPERLINK("http://evil.example","Click")',
      amount: 50_000_000,
      narration: '-2+3 @cmd',
    },
    {
      reference: 'PO00000000000A3',
      beneficiaryAccount: '112233445566',
      ifsc: 'UTIB0000123',
      beneficiaryName: 'Venkataraghavan Subramaniam Iyer Narayanaswamy Srinivasan Ramanujam',
      amount: 100,
      narration: 'முருகன் payout',
    },
  ],
});

const cells = (body: string, delimiter = ',') =>
  parse(body, { delimiter, relax_column_count: true }) as string[][];

describe('cleaning names and narrations for a bank', () => {
  it('keeps letters, digits and single spaces, drops accents to their letter and cuts to length', () => {
    expect(cleanBankText('Ravi Kumar, S/O Mohan', 35)).toBe('Ravi Kumar S O Mohan');
    expect(cleanBankText('José  Fernandes\t\n', 35)).toBe('Jose Fernandes');
    expect(cleanBankText('=HYPERLINK("http://x")', 35)).toBe('HYPERLINK http x');
    expect(cleanBankText('Venkataraghavan Subramaniam Iyer Narayanaswamy', 20)).toBe('Venkataraghavan Subr');
    expect(cleanBankText('Abc de', 4)).toBe('Abc');
  });

  it('leaves nothing of a name written only in another script', () => {
    expect(cleanBankText('முருகன்', 35)).toBe('');
    expect(cleanBankText('राम कुमार', 35)).toBe('');
  });
});

describe('the generic CSV layout', () => {
  it('writes a header and one row per payout, amounts from paise, date in India', () => {
    const result = writePayoutFile('generic', batch(), {});
    if (!result.ok) throw new Error(result.error);
    expect(result.file.filename).toBe('payouts-PB7F3A2C91D04E.csv');
    const rows = cells(result.file.body);
    expect(rows[0]).toEqual([
      'reference',
      'mode',
      'beneficiary_account',
      'ifsc',
      'beneficiary_name',
      'amount',
      'narration',
      'debit_account',
      'date',
    ]);
    expect(rows[1]).toEqual([
      'PO1A2B3C4D5E6F7',
      'IMPS',
      '000123456789',
      'ICIC0000104',
      'Ravi Kumar S O Mohan',
      '1234.50',
      'Refund ORD 88 2026',
      '50200012345678',
      '01/04/2026',
    ]);
    expect(rows[2]?.[5]).toBe('0.05');
    expect(rows[3]?.[5]).toBe('500000.00');
    expect(rows[4]?.[6]).toBe('payout');
    expect(result.file.body.endsWith('\r\n')).toBe(true);
  });

  it('takes the columns, their order, the delimiter and the header from the download', () => {
    const result = writePayoutFile('generic', batch(), {
      columns: 'amount_paise,reference,ifsc',
      delimiter: 'pipe',
      header: 'false',
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.file.body.split('\r\n')[0]).toBe('123450|PO1A2B3C4D5E6F7|ICIC0000104');
    expect(cells(result.file.body, '|')).toHaveLength(4);
  });

  it('refuses an unknown column or delimiter with the reason', () => {
    expect(writePayoutFile('generic', batch(), { columns: 'reference,password' })).toEqual({
      ok: false,
      error: expect.stringContaining('unknown password'),
    });
    expect(writePayoutFile('generic', batch(), { delimiter: 'space' })).toMatchObject({ ok: false });
  });

  it('lets no cell start a spreadsheet formula', () => {
    const result = writePayoutFile('generic', batch(), {});
    if (!result.ok) throw new Error(result.error);
    for (const row of cells(result.file.body))
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('is byte for byte the same file when written again', () => {
    const first = writePayoutFile('generic', batch(), {});
    const again = writePayoutFile('generic', structuredClone(batch()), {});
    expect(again).toEqual(first);
  });
});

describe('the HDFC ENet layout', () => {
  it('writes 28 fields per NEFT line without a header, named after the client code and day', () => {
    const result = writePayoutFile('hdfc-enet', batch('NEFT'), { client_code: 'abcd' });
    if (!result.ok) throw new Error(result.error);
    expect(result.file.filename).toBe('ABCD0104.043');
    const rows = cells(result.file.body);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveLength(28);
    const first = rows[0] as string[];
    expect(first[0]).toBe('N');
    expect(first[2]).toBe('000123456789');
    expect(first[3]).toBe('1234.50');
    expect(first[4]).toBe('Ravi Kumar S O Mohan');
    expect(first[13]).toBe('PO1A2B3C4D5E6F7');
    expect(first[22]).toBe('01/04/2026');
    expect(first[24]).toBe('ICIC0000104');
    expect(rows[3]?.[4]).toBe('Venkataraghavan Subramaniam Iyer Na');
    expect(result.file.body).not.toMatch(/"/);
  });

  it('refuses an IMPS batch and a missing client code', () => {
    expect(writePayoutFile('hdfc-enet', batch('IMPS'), { client_code: 'ABCD' })).toEqual({
      ok: false,
      error: 'layout: hdfc-enet carries NEFT rows only; this batch is IMPS',
    });
    expect(writePayoutFile('hdfc-enet', batch('NEFT'), {})).toMatchObject({ ok: false });
  });
});

describe('the FILEHDR NEFT text layout', () => {
  it('writes the FILEHDR row and eleven fields per payment, our reference in Remarks', () => {
    const result = writePayoutFile('filehdr-neft', batch('NEFT'), {
      corporate_id: 'CHAIPOINT',
      email: 'payouts@chaipoint.example',
      delimiter: 'pipe',
    });
    if (!result.ok) throw new Error(result.error);
    const rows = cells(result.file.body, '|');
    expect(rows[0]).toEqual(['FILEHDR', 'CHAIPOINT', '1042']);
    expect(rows[1]).toEqual([
      'NEFT',
      'HDFC0001234',
      '50200012345678',
      'ICIC0000104',
      '000123456789',
      'INR',
      '1234.50',
      'Refund ORD 88 2026',
      'Ravi Kumar S O Mohan',
      'payouts@chaipoint.example',
      'PO1A2B3C4D5E6F7',
    ]);
    expect(rows[3]?.[8]).toBe('HYPERLINK http evil example Click');
  });

  it('refuses without a corporate id or a usable e-mail', () => {
    expect(writePayoutFile('filehdr-neft', batch('NEFT'), { email: 'a@b.example' })).toMatchObject({
      ok: false,
    });
    expect(
      writePayoutFile('filehdr-neft', batch('NEFT'), { corporate_id: 'X', email: 'not an address' }),
    ).toMatchObject({ ok: false });
  });
});

it('refuses an unknown layout, naming the known ones', () => {
  expect(writePayoutFile('sbi-cinb', batch(), {})).toEqual({
    ok: false,
    error: 'layout: one of generic, hdfc-enet, filehdr-neft',
  });
});

it('escapes formulas in any cell it is given, not only cleaned ones', () => {
  expect(writeCsv([['=1+2', '-3', '@x', 'ok']], { delimiter: ',' })).toBe(`'=1+2,'-3,'@x,ok\r\n`);
});
