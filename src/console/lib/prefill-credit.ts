/**
 * A first guess at a credit's fields from a bank text the service could not read, to prefill the
 * operator's fix form: the first amount after Rs/INR/₹ (Indian grouping allowed), the longest run
 * of 9-16 digits as the reference (the operator checks it is the 12-digit UTR), a UPI address as
 * the payer. Nothing here is trusted: the operator confirms every field.
 */
export interface CreditGuess {
  readonly utr: string;
  readonly amount: string;
  readonly payer_name: string;
}

const AMOUNT = /(?:Rs\.?|INR|₹)\s*:?\s*(\d[\d,]*(?:\.\d{1,2})?)/i;
const VPA = /\b([a-z0-9._-]{2,64}@[a-z]{2,32})\b/i;

export function guessCredit(text: string): CreditGuess {
  const amountText = AMOUNT.exec(text)?.[1]?.replace(/,/g, '') ?? '';
  const amount = /^\d+(\.\d{1,2})?$/.test(amountText) ? normaliseAmount(amountText) : '';
  const digitRuns = [...text.matchAll(/(?<![\d.,])(\d[\d ]{7,18}\d)(?!\d|[.,]\d)/g)]
    .map((match) => (match[1] ?? '').replace(/ /g, ''))
    .filter((digits) => digits.length >= 9 && digits.length <= 16 && digits !== amountText.replace('.', ''));
  const utr =
    digitRuns.find((digits) => digits.length === 12) ??
    digitRuns.sort((a, b) => b.length - a.length)[0] ??
    '';
  return { utr, amount, payer_name: VPA.exec(text)?.[1] ?? '' };
}

function normaliseAmount(text: string): string {
  const [rupees = '0', paise = ''] = text.split('.');
  return `${rupees.replace(/^0+(?=\d)/, '')}.${paise.padEnd(2, '0')}`;
}
