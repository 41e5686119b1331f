/**
 * ISO 20022 camt.053 (bank-to-customer statement), read with fast-xml-parser. Each `Ntry` is a
 * line: `CdtDbtInd` CRDT or DBIT, `Amt` in INR, `BookgDt`/`ValDt`; the UTR is in a transaction's
 * `AcctSvcrRef` or `EndToEndId`, the entry's `AcctSvcrRef`, or a narration (`AddtlNtryInf`,
 * `AddtlTxInf`, `RmtInf/Ustrd`); the debtor's name is the payer; the statement's account the payee.
 */
import { XMLParser } from 'fast-xml-parser';
import { parseAmount } from '../../../shared/money.js';
import { findPayoutReference } from '../../channel/payout.js';
import { parseIndianDate } from '../indian-date.js';
import { payerFromNarration, transferReference, utrFromNarration, utrFromReference } from './find-utr.js';
import { accountNumber, creditLine, type StatementLine, type StatementRead } from './statement-line.js';

type Node = Record<string, unknown>;
const LISTS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

export function readCamt053(xml: string, now: Date): StatementRead {
  let doc: Node;
  try {
    const parser = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseTagValue: false,
      isArray: (name) => LISTS.has(name),
    });
    doc = parser.parse(xml, true) as Node;
  } catch (error) {
    return { ok: false, error: `camt.053: ${error instanceof Error ? error.message : 'unreadable XML'}` };
  }
  const statements = list(at(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) return { ok: false, error: 'camt.053: no Document/BkToCstmrStmt/Stmt' };
  const lines: StatementLine[] = [];
  for (const statement of statements) {
    const account =
      text(at(statement, 'Acct', 'Id', 'Othr', 'Id')) || text(at(statement, 'Acct', 'Id', 'IBAN'));
    for (const entry of list(at(statement, 'Ntry')))
      lines.push(readEntry(entry, lines.length + 1, account, now));
  }
  return { ok: true, format: 'camt.053', profile: 'camt.053', lines };
}

function readEntry(entry: Node, line: number, account: string, now: Date): StatementLine {
  const indicator = text(at(entry, 'CdtDbtInd'));
  const reversal = text(at(entry, 'RvslInd')) === 'true';
  if (indicator !== 'CRDT' && indicator !== 'DBIT') {
    return { line, kind: 'invalid', error: 'CdtDbtInd: must be CRDT or DBIT' };
  }
  const amountNode = at(entry, 'Amt');
  const currency = text(at(amountNode, '@Ccy')) || 'INR';
  if (currency !== 'INR') return { line, kind: 'invalid', error: `Amt: currency ${currency}, not INR` };
  const amount = parseAmount(text(amountNode));
  if (amount === undefined) return { line, kind: 'invalid', error: 'Amt: must be a positive decimal' };
  const details = list(at(entry, 'NtryDtls')).flatMap((d) => list(at(d, 'TxDtls')));
  const references = [
    ...details.flatMap((tx) => [text(at(tx, 'Refs', 'AcctSvcrRef')), text(at(tx, 'Refs', 'EndToEndId'))]),
    text(at(entry, 'AcctSvcrRef')),
  ];
  const narration = [
    text(at(entry, 'AddtlNtryInf')),
    ...details.flatMap((tx) => [text(at(tx, 'AddtlTxInf')), ...list(at(tx, 'RmtInf', 'Ustrd')).map(text)]),
  ].join(' ');
  // A payout's reference may be anywhere the bank writes: the remittance lines (`Ustrd`, plain
  // strings) included.
  const remittance = details.flatMap((tx) => texts(at(tx, 'RmtInf', 'Ustrd')));
  const all = [narration, ...remittance, ...references].join(' ').replace(/\s+/g, ' ').trim();
  const movement = () => ({
    amount,
    text: all,
    utr: references.map(utrFromReference).find((u) => u !== undefined) ?? transferReference(all),
    account: accountNumber(account),
  });
  if ((indicator === 'DBIT') !== reversal) return { line, kind: 'debit', movement: movement() };
  if (findPayoutReference(all)) return { line, kind: 'return', movement: movement() };
  const utr = references.map(utrFromReference).find((u) => u !== undefined) ?? utrFromNarration(narration);
  if (!utr)
    return {
      line,
      kind: 'invalid',
      error: 'utr: no 12-digit UTR in AcctSvcrRef, EndToEndId or the narration',
    };
  const dateText =
    text(at(entry, 'BookgDt', 'DtTm')) || text(at(entry, 'BookgDt', 'Dt')) || text(at(entry, 'ValDt', 'Dt'));
  const creditedAt = dateText === '' ? now : parseIndianDate(dateText);
  if (!creditedAt) return { line, kind: 'invalid', error: 'BookgDt: not a date' };
  const debtor = details
    .map((tx) => text(at(tx, 'RltdPties', 'Dbtr', 'Nm')) || text(at(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm')))
    .find((name) => name !== '');
  return creditLine(line, account, {
    utr,
    amount,
    payerName: debtor ?? payerFromNarration(narration),
    creditedAt,
  });
}

function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const key of path) {
    if (Array.isArray(current)) current = current[0];
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Node)[key];
  }
  return current;
}

function list(value: unknown): Node[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter(
    (v): v is Node => typeof v === 'object' && v !== null,
  );
}

/** Every text of a repeated element (`Ustrd` lines are plain strings, which list() leaves out). */
function texts(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(text).filter((line) => line !== '');
}

function text(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object' && value !== null && '#text' in value) return text((value as Node)['#text']);
  return '';
}
