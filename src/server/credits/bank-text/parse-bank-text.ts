/**
 * Reads the text of a bank's SMS or e-mail alert. A UPI or IMPS credit alert becomes
 * `{ amount, utr, creditedAt, payer, accountHint }`; anything else says why it is not one.
 * Pure code: no I/O, no clock (the time the text was received is passed in).
 *
 * The banks' texts differ in words and order but not in their parts, so one set of rules reads
 * them all (docs/bank-texts.md lists the formats covered, with a fixture file per bank). Many
 * alerts put each part on a line of its own (HDFC's "Credit Alert!", Axis Bank's UPI alerts, every
 * e-mail alert): the text keeps its line breaks, which end a name as a full stop does.

 * 1. what kind of text it is: a collect request, an OTP, a promotion, a debit, a balance alert,
 *    or a credit (the first money verb decides: "debited from ... and credited to ..." is a debit);
 * 2. the amount: the first amount after Rs/Rs./INR/₹ (or after "credited by/with/for");
 * 3. the 12-digit reference: UPI Ref (No), Ref No, RRN, UTR, IMPS Ref, or inside a UPI/... or
 *    IMPS/... narration;
 * 4. the payer (a VPA, else a name), the account hint (last digits of the masked account) and
 *    the date the bank gives (Indian Standard Time when it gives no zone).
 */
import type { Paise } from '../../../shared/money.js';
import { parseIndianAmount } from '../indian-amount.js';
import { findIndianDate } from '../indian-date.js';
import { bankOf } from './bank-of.js';

export interface ParsedCredit {
  readonly kind: 'credit';
  readonly amount: Paise;
  readonly utr: string;
  readonly creditedAt: Date;
  /** The payer's VPA, else the payer's name, else ''. */
  readonly payer: string;
  /** The digits of the (usually masked) account the bank names, else ''. */
  readonly accountHint: string;
  /** The bank named in the text or by the sender id, else ''. */
  readonly bank: string;
}

export type IgnoredReason = 'debit' | 'otp' | 'promotion' | 'balance' | 'collect_request' | 'not_a_credit';

export type BankTextResult =
  | ParsedCredit
  | { readonly kind: 'ignored'; readonly reason: IgnoredReason; readonly bank: string }
  | { readonly kind: 'unparsed'; readonly reason: string; readonly bank: string };

export interface BankText {
  readonly text: string;
  readonly sender?: string;
  /** When the text reached us; the credit's time when the text gives no date. */
  readonly receivedAt: Date;
}

const CREDIT_VERB =
  /\b(?:credited|received|deposited|credit alert|money received|has been added|added to your)\b/i;
const DEBIT_VERB =
  /\b(?:debited|debit alert|sent|paid|spent|withdrawn|transferred from|deducted|purchase|payment of)\b/i;
const COLLECT =
  /\b(?:requested money|has requested|collect request|payment request|request(?:ed)? (?:of|for) (?:Rs|INR|₹))/i;
const OTP = /\b(?:OTP|one[- ]time password|verification code|passcode)\b/i;
const PROMOTION =
  /\b(?:pre-?approved|apply now|offer|cashback|T&C|T&Cs|click here|loan up to|win|reward points|limited period|upgrade)\b/i;
const BALANCE =
  /\b(?:avl\.? bal|available balance|a\/c balance|account balance|balance (?:in|of|for)|bal(?:ance)? is)\b/i;

const AMOUNT = /(?:Rs\.?|INR|₹)\s*:?\s*(\d[\d,]*(?:\.\d{1,2})?)/gi;
const BARE_AMOUNT = /\bcredited\s+(?:by|with|for)\s+(\d[\d,]*(?:\.\d{1,2})?)/i;

/** Where banks put the reference, most specific first. The number must be exactly 12 digits. */
const REFERENCES: readonly RegExp[] = [
  /\b(?:UPI|IMPS|NEFT)\/(?:[A-Z0-9]{2,8}\/)?(\d{12})(?!\d)/i,
  /\bIMPS-(\d{12})(?!\d)/i,
  /\b(?:UPI|IMPS)\s*(?:Ref(?:erence)?|Txn|Transaction)\.?\s*(?:No|Number|ID|Id)?\.?\s*[:.#-]?\s*(\d{12})(?!\d)/i,
  /\b(?:Ref(?:erence)?\.?\s*(?:No|Number|ID)?|Refno|RRN(?:\s*No)?|UTR(?:\s*No)?|Txn\s*(?:ID|No)|Transaction\s*ID)\.?(?:\s+is)?\s*[:.#-]?\s*(\d{12})(?!\d)/i,
  /\bUPI\s*[:-]?\s*(\d{12})(?!\d)/i,
];

const VPA = /\b([A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63})\b/;
const ACCOUNT =
  /\b(?:A\/c|A\/C|Acct|Account|AC|Ac)\.?\s*(?:no\.?|number)?\s*[:.-]?\s*((?:\d|[*Xx.])*\d{3,18})\b|\b(?:A\/c|Acct|Account)\s+ending\s+(?:with\s+)?(\d{3,6})\b/i;
const NAME_AFTER_REF =
  /\b(?:UPI|IMPS)[/-](?:[A-Z0-9]{2,8}\/)?\d{12}[/-]([A-Za-z][A-Za-z .]{1,60}?)(?=[/-]|\.|\n|$)/i;
const NAME_FROM =
  /\b(?:from|by)\s+([A-Z][A-Za-z]*(?: +[A-Z][A-Za-z]*){0,4})(?=\s*(?:\.|,|;|\(|\n|$|\s+(?:on|in|to|via|thru|UPI|IMPS|Ref|Refno|RRN|UTR|a\/c|A\/c|with|-)\b))/g;
const NOT_A_NAME = /^(?:VPA|UPI|IMPS|NEFT|RTGS|Mob Bk|A\/c|your|the|transfer|Payer)$/i;
const NAME_CREDITED = /;\s*([A-Z][A-Z .]{1,60}?)\s+credited\b/;

export function parseBankText(input: BankText): BankTextResult {
  const text = normalizeText(input.text);
  const bank = bankOf(text, input.sender ?? '');
  const ignored = (reason: IgnoredReason) => ({ kind: 'ignored' as const, reason, bank });
  if (text === '') return ignored('not_a_credit');

  const credit = CREDIT_VERB.exec(text);
  const debit = DEBIT_VERB.exec(text);
  const reference = findReference(text);
  if (COLLECT.test(text)) return ignored('collect_request');
  if (OTP.test(text) && !credit) return ignored('otp');
  if (debit && (!credit || debit.index < credit.index)) return ignored('debit');
  if (PROMOTION.test(text) && reference === undefined) return ignored('promotion');
  if (!credit) return ignored(BALANCE.test(text) ? 'balance' : 'not_a_credit');

  const amount = findAmount(text);
  if (amount === undefined) return { kind: 'unparsed', reason: 'credit alert without an amount', bank };
  if (reference === undefined) {
    return { kind: 'unparsed', reason: 'credit alert without a 12-digit reference', bank };
  }
  return {
    kind: 'credit',
    amount,
    utr: reference,
    creditedAt: findIndianDate(text) ?? input.receivedAt,
    payer: findPayer(text),
    accountHint: findAccountHint(text),
    bank,
  };
}

/**
 * What the same rules find in a text, whether or not it is a complete credit alert: the amount,
 * the 12-digit reference, the date the bank gives, the payer. It prefills the operator's fix form
 * for a text `parseBankText` left unparsed (docs/decisions/0015-operator-console.md, "The fix
 * form"); a part the rules do not find is absent, never guessed.
 */
export interface CreditReading {
  readonly amount?: Paise;
  readonly utr?: string;
  readonly creditedAt?: Date;
  readonly payer?: string;
}

export function readCreditParts(textInput: string): CreditReading {
  const text = normalizeText(textInput);
  const amount = findAmount(text);
  const utr = findReference(text);
  const creditedAt = findIndianDate(text);
  const payer = findPayer(text);
  return {
    ...(amount === undefined ? {} : { amount }),
    ...(utr === undefined ? {} : { utr }),
    ...(creditedAt === undefined ? {} : { creditedAt }),
    ...(payer === '' ? {} : { payer }),
  };
}

/** One space for each run of spaces and tabs, one line break for each run of blank lines. */
function normalizeText(text: string): string {
  return text
    .replace(/[^\S\r\n]+/g, ' ')
    .replace(/ *[\r\n]\s*/g, '\n')
    .trim();
}

function findReference(text: string): string | undefined {
  for (const pattern of REFERENCES) {
    const match = pattern.exec(text);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

function findAmount(text: string): Paise | undefined {
  for (const match of text.matchAll(AMOUNT)) {
    const amount = parseIndianAmount(match[1] ?? '');
    if (amount !== undefined) return amount;
  }
  const bare = BARE_AMOUNT.exec(text);
  return bare ? parseIndianAmount(bare[1] ?? '') : undefined;
}

function findPayer(text: string): string {
  const vpa = VPA.exec(text);
  if (vpa?.[1]) return vpa[1];
  const names = [NAME_AFTER_REF.exec(text)?.[1], NAME_CREDITED.exec(text)?.[1]];
  for (const match of text.matchAll(NAME_FROM)) names.push(match[1]);
  for (const name of names) {
    const trimmed = name?.trim();
    if (trimmed && !NOT_A_NAME.test(trimmed)) return trimmed;
  }
  return '';
}

function findAccountHint(text: string): string {
  const match = ACCOUNT.exec(text);
  const masked = match?.[1] ?? match?.[2] ?? '';
  return masked.replace(/\D/g, '');
}
