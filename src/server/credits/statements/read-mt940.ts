/**
 * SWIFT MT940 statements, read with mt940js (tags, several statements per file, and its check
 * that opening balance plus entries equals the closing balance). The UTR is in the `:86:`
 * narration (`UPI/632512345678/...`) or the `:61:` references; `:25:` names the account.
 */
import mt940 from 'mt940js';
import { parseAmount } from '../../../shared/money.js';
import { findPayoutReference } from '../../channel/payout.js';
import { payerFromNarration, transferReference, utrFromNarration, utrFromReference } from './find-utr.js';
import { accountNumber, creditLine, type StatementLine, type StatementRead } from './statement-line.js';

export function readMt940(text: string): StatementRead {
  let statements: mt940.Statement[];
  try {
    statements = new mt940.Parser().parse(text.replace(/\r\n/g, '\n'));
  } catch (error) {
    return { ok: false, error: `mt940: ${error instanceof Error ? error.message : 'unreadable'}` };
  }
  const lines: StatementLine[] = [];
  for (const statement of statements) {
    const account = statement.accountIdentification.trim();
    for (const entry of statement.transactions) {
      const line = lines.length + 1;
      const text = [entry.details, entry.extraDetails ?? '', entry.reference, entry.bankReference ?? '']
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      const movementAmount = parseAmount(Math.abs(entry.amount).toFixed(2));
      const movement = () => ({
        amount: movementAmount ?? 0,
        text,
        utr: transferReference(text),
        account: accountNumber(account),
      });
      if (entry.amount < 0 !== Boolean(entry.reversal)) {
        lines.push(
          movementAmount === undefined
            ? { line, kind: 'invalid', error: 'amount: must be greater than 0' }
            : { line, kind: 'debit', movement: movement() },
        );
        continue;
      }
      if (findPayoutReference(text) && movementAmount !== undefined && entry.currency === 'INR') {
        lines.push({ line, kind: 'return', movement: movement() });
        continue;
      }
      if (entry.currency !== 'INR') {
        lines.push({ line, kind: 'invalid', error: `currency: ${entry.currency}, not INR` });
        continue;
      }
      const narration = [entry.details, entry.extraDetails ?? ''].join(' ').replace(/\s+/g, ' ');
      const utr =
        utrFromNarration(narration) ??
        utrFromReference(entry.reference) ??
        utrFromReference(entry.bankReference ?? '');
      if (!utr) {
        lines.push({ line, kind: 'invalid', error: 'utr: no 12-digit UTR in :61: or :86:' });
        continue;
      }
      const amount = parseAmount(Math.abs(entry.amount).toFixed(2));
      if (amount === undefined) {
        lines.push({ line, kind: 'invalid', error: 'amount: must be greater than 0' });
        continue;
      }
      const date = entry.date;
      const creditedAt = new Date(
        `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}T00:00:00+05:30`,
      );
      lines.push(
        creditLine(line, account, { utr, amount, payerName: payerFromNarration(narration), creditedAt }),
      );
    }
  }
  return { ok: true, format: 'mt940', profile: 'mt940', lines };
}
