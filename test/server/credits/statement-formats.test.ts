import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatement, recogniseFormat } from '../../../src/server/credits/statements/read-statement.js';
import type { StatementLine } from '../../../src/server/credits/statements/statement-line.js';
import { formatAmount } from '../../../src/shared/money.js';

const now = new Date('2026-02-01T00:00:00.000Z');
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'fixtures', 'statements', name), 'utf8');

/** Lines as short tuples: [kind, utr, amount, payer, date] or [kind, error]. */
function brief(lines: readonly StatementLine[]) {
  return lines.map((line) => {
    if (line.kind === 'credit') {
      const c = line.credit;
      return [c.utr, formatAmount(c.amount), c.payerName, c.creditedAt.toISOString(), c.payee];
    }
    if (line.kind === 'debit') return ['debit'];
    if (line.kind === 'return') return ['return', line.movement.text];
    return ['invalid', line.error];
  });
}

function read(name: string, options = {}) {
  const result = readStatement(fixture(name), options, now);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('statement CSV profiles', () => {
  it('reads an SBI export: preamble, Description narrations, Debit/Credit columns, 15 Jan 2026 dates', () => {
    const result = read('sbi.csv');
    expect(result.profile).toBe('sbi');
    expect(brief(result.lines)).toEqual([
      ['601512345678', '1250.50', 'ravi@okicici', '2026-01-14T18:30:00.000Z', ''],
      ['debit'],
      ['601612345678', '100000.00', 'SUNITA RAO', '2026-01-15T18:30:00.000Z', ''],
      ['invalid', expect.stringMatching(/^utr: no 12-digit UTR/)],
    ]);
  });

  it('reads an HDFC export: UPI-NAME-vpa-IFSC-UTR narrations, zero-padded references, a quoted comma', () => {
    const result = read('hdfc.csv');
    expect(result.profile).toBe('hdfc');
    expect(brief(result.lines)).toEqual([
      ['601512345680', '1250.50', 'ravi@okicici', '2026-01-14T18:30:00.000Z', ''],
      ['debit'],
      ['601612345680', '25000.00', 'Kumar, Ravi', '2026-01-15T18:30:00.000Z', ''],
    ]);
  });

  it('reads an ICICI export: title lines, Transaction Remarks, 0.00 in the other column', () => {
    const result = read('icici.csv');
    expect(result.profile).toBe('icici');
    expect(brief(result.lines)).toEqual([
      ['601512345682', '2340.00', 'ravi@okicici', '2026-01-14T18:30:00.000Z', ''],
      ['debit'],
      ['601612345682', '10000.00', 'ASHA VERMA', '2026-01-15T18:30:00.000Z', ''],
    ]);
  });

  it('reads an Axis export: UPI/P2A/UTR/NAME particulars, DR and CR columns, dd-mm-yyyy', () => {
    const result = read('axis.csv');
    expect(result.profile).toBe('axis');
    expect(brief(result.lines)).toEqual([
      ['601512345684', '999.00', 'RAVI KUMAR', '2026-01-14T18:30:00.000Z', ''],
      ['debit'],
      ['invalid', expect.stringMatching(/^utr/)],
    ]);
  });

  it('reads a generic file by header names: a signed amount, Cr/Dr suffixes, quoted commas and newlines', () => {
    const result = read('generic-signed.csv');
    expect(result.profile).toBe('generic');
    expect(brief(result.lines)).toEqual([
      ['601512345686', '1000.00', 'Kumar, Ravi', '2026-01-14T18:30:00.000Z', ''],
      ['debit'],
      ['601612345686', '500.00', 'Asha', '2026-01-15T18:30:00.000Z', ''],
      ['debit'],
    ]);
  });

  it('takes a named profile or columns named by hand, and says so when a file has no usable header', () => {
    const csv = 'When,What,Ref,In\n15/01/2026,UPI credit,601512345699,"1,00,000"\n';
    const byHand = readStatement(csv, { columns: { date: 'When', reference: 'Ref', credit: 'In' } }, now);
    expect(byHand.ok && brief(byHand.lines)).toEqual([
      ['601512345699', '100000.00', '', '2026-01-14T18:30:00.000Z', ''],
    ]);
    expect(readStatement(csv, {}, now)).toEqual({ ok: false, error: expect.stringMatching(/^header/) });
    expect(readStatement(csv, { profile: 'nosuch' }, now)).toEqual({
      ok: false,
      error: expect.stringMatching(/^profile/),
    });
    expect(readStatement('a,"b\n', {}, now)).toEqual({
      ok: false,
      error: expect.stringMatching(/^csv|^header/),
    });
    const control = readStatement('utr,amount,payer_name\n601512345699,1.00,Ra\u0007vi\n', {}, now);
    expect(control.ok && brief(control.lines)).toEqual([
      ['invalid', 'payer: must not contain control characters'],
    ]);
  });
});

describe('MT940 and camt.053', () => {
  it('reads MT940 credits with the UTR from :86: or :61:, skipping debits, payee from :25:', () => {
    const result = read('statement.mt940');
    expect(recogniseFormat(fixture('statement.mt940'))).toBe('mt940');
    expect(brief(result.lines)).toEqual([
      ['601512345688', '1250.50', 'ravi@okicici', '2026-01-14T18:30:00.000Z', '123456789012'],
      ['debit'],
      ['601612345688', '2000.00', '', '2026-01-15T18:30:00.000Z', '123456789012'],
    ]);
  });

  it('reads camt.053 entries: AcctSvcrRef, EndToEndId or AddtlNtryInf carry the UTR', () => {
    expect(recogniseFormat(fixture('statement.camt053.xml'))).toBe('camt.053');
    expect(brief(read('statement.camt053.xml').lines)).toEqual([
      ['601512345690', '1250.50', 'RAVI KUMAR', '2026-01-14T18:30:00.000Z', '123456789012'],
      ['debit'],
      ['601612345690', '4500.00', 'ASHA VERMA', '2026-01-16T04:45:00.000Z', '123456789012'],
      ['invalid', expect.stringMatching(/^utr/)],
    ]);
  });

  it('refuses a broken MT940 or XML file with the reason', () => {
    expect(readStatement(':20:X\n:61:garbage\n', { format: 'mt940' }, now).ok).toBe(false);
    expect(readStatement('<Document><nope/></Document>', { format: 'camt.053' }, now)).toEqual({
      ok: false,
      error: expect.stringMatching(/^camt\.053/),
    });
  });
});
