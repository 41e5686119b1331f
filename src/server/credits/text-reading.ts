/**
 * The bank-text parser's partial reading of an alert text, as the credits list sends it beside an
 * unparsed or ignored text: the parts the parser's rules found (amount as a two-decimal string,
 * the 12-digit reference, the bank's date, the payer), null where they found none. The console's
 * fix form starts from it; the operator checks every field.
 */
import { formatAmount } from '../../shared/money.js';
import { readCreditParts } from './bank-text/parse-bank-text.js';

export interface TextReading {
  readonly amount: string | null;
  readonly utr: string | null;
  readonly credited_at: string | null;
  readonly payer_name: string | null;
}

export function textReading(body: string): TextReading {
  const parts = readCreditParts(body);
  return {
    amount: parts.amount === undefined ? null : formatAmount(parts.amount),
    utr: parts.utr ?? null,
    credited_at: parts.creditedAt?.toISOString() ?? null,
    payer_name: parts.payer ?? null,
  };
}
