/**
 * Who may send a bank's alert. An SMS becomes a credit only from a DLT header (the sender id every
 * commercial SMS in India carries: two letters for the operator and circle, a dash, the six
 * letters or digits of the bank's registered code, and at times a `-S`/`-T`/`-P` suffix for the
 * message's category, as in `VM-HDFCBK` or `JD-SBIUPI-S`) whose code is the bank's own; an e-mail
 * alert only from one of the bank's own domains. Anyone can send a text from a phone number or put
 * another bank's words in it, so such a text is kept `suspect` for an operator (read-text.ts).
 *
 * The codes and domains below are the banks' in use; a bank that registers a new one, or a
 * source's bank not listed, is served by the codes and domains an operator adds to the source.
 * Pure code: no I/O.
 */

interface BankSenders {
  /** The bank's name as bankOf names it. */
  readonly bank: string;
  /** The six-character DLT codes the bank sends alerts under. */
  readonly codes: readonly string[];
  /** The domains (and their subdomains) the bank's e-mail alerts come from. */
  readonly domains: readonly string[];
}

export const BANK_SENDERS: readonly BankSenders[] = [
  {
    bank: 'SBI',
    codes: ['SBIUPI', 'SBIINB', 'SBIBNK', 'SBIPSG', 'CBSSBI', 'ATMSBI', 'SBIOTP'],
    domains: ['sbi.co.in', 'sbi.bank.in'],
  },
  {
    bank: 'HDFC Bank',
    codes: ['HDFCBK', 'HDFCBN'],
    domains: ['hdfcbank.net', 'hdfcbank.com', 'hdfc.bank.in'],
  },
  { bank: 'ICICI Bank', codes: ['ICICIB', 'ICICIT', 'ICICIO'], domains: ['icicibank.com', 'icici.bank.in'] },
  { bank: 'Axis Bank', codes: ['AXISBK', 'AXISMR'], domains: ['axisbank.com', 'axis.bank.in'] },
  { bank: 'Kotak Mahindra Bank', codes: ['KOTAKB', 'KOTAKM'], domains: ['kotak.com', 'kotak.bank.in'] },
  { bank: 'Punjab National Bank', codes: ['PNBSMS', 'PNBBNK'], domains: ['pnb.co.in', 'pnb.bank.in'] },
  {
    bank: 'Bank of Baroda',
    codes: ['BOBTXN', 'BOBSMS'],
    domains: ['bankofbaroda.co.in', 'bankofbaroda.com'],
  },
  { bank: 'Canara Bank', codes: ['CANBNK', 'CNRBNK'], domains: ['canarabank.com', 'canarabank.in'] },
  { bank: 'Union Bank of India', codes: ['UNIONB', 'UBOIBK'], domains: ['unionbankofindia.co.in'] },
  { bank: 'IDFC FIRST Bank', codes: ['IDFCFB', 'IDFCBK'], domains: ['idfcfirstbank.com'] },
  { bank: 'Yes Bank', codes: ['YESBNK', 'YESBKK'], domains: ['yesbank.in'] },
  { bank: 'IndusInd Bank', codes: ['INDUSB', 'INDUSL'], domains: ['indusind.com'] },
  { bank: 'Federal Bank', codes: ['FEDBNK', 'FEDFIB'], domains: ['federalbank.co.in'] },
  { bank: 'AU Small Finance Bank', codes: ['AUBANK', 'AUSFBL'], domains: ['aubank.in'] },
  { bank: 'Paytm Payments Bank', codes: ['PAYTMB', 'PYTMBK'], domains: ['paytmbank.com'] },
  { bank: 'Airtel Payments Bank', codes: ['AIRBNK', 'AIRTPB'], domains: ['airtelbank.com'] },
];

/** A DLT header: `XY-CODE12`, an optional category suffix. The code is what the bank registered. */
const DLT_HEADER = /^[A-Z]{2}-([A-Z0-9]{6})(?:-[STP])?$/;

/** A registered DLT code: what an operator may add to a source. */
export const DLT_CODE = /^[A-Z0-9]{6}$/;

/** A domain an operator may add to a source: lower-case labels, at least two. */
export const SENDER_DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** What a source adds to the banks' own codes and domains. */
export interface SourceSenders {
  readonly sender_codes: readonly string[];
  readonly sender_domains: readonly string[];
}

export interface SenderCheck {
  readonly channel: 'sms' | 'email';
  readonly sender: string;
  /** The bank the text's own words name ('' when none): the sender must be that bank's. */
  readonly textBank: string;
  readonly source: SourceSenders;
}

/** Why the text is not from its bank (a `suspect` text's reason), or undefined when it is. */
export function suspectSender(check: SenderCheck): string | undefined {
  return check.channel === 'sms' ? suspectSmsSender(check) : suspectEmailSender(check);
}

/** The DLT code of an SMS sender, or undefined when the sender is no DLT header. */
export function dltCode(sender: string): string | undefined {
  return DLT_HEADER.exec(sender.trim().toUpperCase())?.[1];
}

function suspectSmsSender({ sender, textBank, source }: SenderCheck): string | undefined {
  const shown = sender.trim().slice(0, 40);
  if (shown === '') return 'sender: missing; a bank alert comes from a DLT header such as VM-HDFCBK';
  const code = dltCode(shown);
  if (code === undefined) {
    const what = /^\+?[\d\s-]{6,}$/.test(shown) ? 'a phone number' : 'not a DLT header';
    return `sender: ${shown} is ${what}; a bank alert comes from a DLT header such as VM-HDFCBK`;
  }
  // An operator vouched for this code on this source.
  if (source.sender_codes.includes(code)) return undefined;
  const owner = BANK_SENDERS.find((bank) => bank.codes.includes(code));
  return mismatch(`sender: ${shown}`, owner?.bank, textBank, 'code');
}

function suspectEmailSender({ sender, textBank, source }: SenderCheck): string | undefined {
  const address = sender.trim().toLowerCase().slice(0, 254);
  const domain = address.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : '';
  if (domain === '') return 'sender: missing; a bank alert comes from one of the bank’s own domains';
  if (source.sender_domains.some((own) => withinDomain(domain, own))) return undefined;
  const owner = BANK_SENDERS.find((bank) => bank.domains.some((own) => withinDomain(domain, own)));
  return mismatch(`sender: ${address}`, owner?.bank, textBank, 'domain');
}

/** The sender's bank against the text's: none, or another bank, is suspect. */
function mismatch(
  shown: string,
  senderBank: string | undefined,
  textBank: string,
  what: 'code' | 'domain',
): string | undefined {
  if (senderBank === undefined) {
    return `${shown}: the ${what} is no known bank's${textBank ? ` (the text is ${textBank}'s)` : ''}; an operator can add it to the source`;
  }
  if (textBank !== '' && textBank !== senderBank) {
    return `${shown}: the ${what} is ${senderBank}'s, the text is ${textBank}'s`;
  }
  return undefined;
}

function withinDomain(domain: string, own: string): boolean {
  return domain === own || domain.endsWith(`.${own}`);
}
