/**
 * Each statement format keeps what a payout's debit or return needs: the amount, the text where
 * the bank echoes our reference, the bank's reference of the transfer and the statement's
 * account. A credit line carrying our payout reference is a return, not a collection credit.
 */
import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../src/server/credits/statements/read-statement.js';
import type { StatementLine } from '../../../src/server/credits/statements/statement-line.js';

const now = new Date('2026-02-01T00:00:00.000Z');

function lines(body: string): StatementLine[] {
  const read = readStatement(body, {}, now);
  if (!read.ok) throw new Error(read.error);
  return read.lines;
}

const MT940 = [
  '{1:F01HDFCINBBAXXX0000000000}{2:I940HDFCINBBXXXXN}{4:',
  ':20:STMT20260117',
  ':25:50200012345678',
  ':28C:16/1',
  ':60F:C260116INR1000,00',
  ':61:2601170117D123,50NTRFNONREF//HDFCN52026011712',
  ':86:NEFT DR-ICIC0000104-RAVI KUMAR-NETBANK MUM-PO1A2B3C4D5E6F7',
  ':61:2601180118C50,00NTRFNONREF',
  ':86:NEFT RTN ACCOUNT CLOSED PO00000000000A1',
  ':62F:C260118INR926,50',
  '-}',
].join('\n');

const CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-20260117</MsgId><CreDtTm>2026-01-17T23:00:00+05:30</CreDtTm></GrpHdr>
    <Stmt>
      <Id>20260117-1</Id>
      <Acct><Id><Othr><Id>50200012345678</Id></Othr></Id><Ccy>INR</Ccy></Acct>
      <Ntry>
        <Amt Ccy="INR">123.50</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <BookgDt><Dt>2026-01-17</Dt></BookgDt>
        <AcctSvcrRef>601712345001</AcctSvcrRef>
        <AddtlNtryInf>IMPS/P2A/601712345001/RAVI KUMAR/PO1A2B3C4D5E6F7</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <Amt Ccy="INR">50.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <BookgDt><Dt>2026-01-18</Dt></BookgDt>
        <NtryDtls><TxDtls><RmtInf><Ustrd>IMPS RETURN PO00000000000A1 BENEFICIARY ACCOUNT CLOSED</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;

describe('payout lines in statements', () => {
  it('MT940: a debit keeps its amount, narration, NEFT UTR and account; a credit with our reference is a return', () => {
    expect(lines(MT940)).toEqual([
      {
        line: 1,
        kind: 'debit',
        movement: {
          amount: 12350,
          text: expect.stringContaining('PO1A2B3C4D5E6F7'),
          utr: 'HDFCN52026011712',
          account: '50200012345678',
        },
      },
      {
        line: 2,
        kind: 'return',
        movement: expect.objectContaining({ amount: 5000, text: expect.stringContaining('PO00000000000A1') }),
      },
    ]);
  });

  it('camt.053: the same, the IMPS RRN from AcctSvcrRef', () => {
    expect(lines(CAMT)).toEqual([
      {
        line: 1,
        kind: 'debit',
        movement: {
          amount: 12350,
          text: expect.stringContaining('PO1A2B3C4D5E6F7'),
          utr: '601712345001',
          account: '50200012345678',
        },
      },
      {
        line: 2,
        kind: 'return',
        movement: expect.objectContaining({ amount: 5000, text: expect.stringContaining('ACCOUNT CLOSED') }),
      },
    ]);
  });

  it('CSV: a debit column line, its reference column and the payee column as the account', () => {
    const csv = [
      'Date,Narration,Reference,Debit,Credit,Account',
      '17/01/26,NEFT DR ICIC0000104 RAVI KUMAR po1a2b3c4d5e6f7,HDFCN52026011712,"1,23,450.00",,50200012345678',
      '17/01/26,UPI/601712345099/SWIGGY,601712345099,99.00,,50200012345678',
    ].join('\n');
    expect(lines(csv)).toEqual([
      {
        line: 2,
        kind: 'debit',
        movement: {
          amount: 12345000,
          text: expect.stringContaining('po1a2b3c4d5e6f7'),
          utr: 'HDFCN52026011712',
          account: '50200012345678',
        },
      },
      { line: 3, kind: 'debit', movement: expect.objectContaining({ amount: 9900, utr: '601712345099' }) },
    ]);
  });
});
