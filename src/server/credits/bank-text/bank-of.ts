/**
 * Which bank a text comes from, by the sender id of the SMS or the last bank name in the text of the SMS
 * (`VM-HDFCBK`, `AX-SBIUPI`, ...). Informational: the parsing rules do not depend on it.
 */
const BANKS: readonly (readonly [name: string, text: RegExp, sender: RegExp])[] = [
  ['SBI', /\b(?:SBI|State Bank of India)\b/i, /SBI/i],
  ['HDFC Bank', /\bHDFC\b/i, /HDFC/i],
  ['ICICI Bank', /\bICICI\b/i, /ICICI/i],
  ['Axis Bank', /\bAxis Bank\b/i, /AXIS/i],
  ['Kotak Mahindra Bank', /\bKotak\b/i, /KOTAK|KMBL/i],
  ['Punjab National Bank', /\b(?:PNB|Punjab National Bank)\b/i, /PNB/i],
  ['Bank of Baroda', /\b(?:Bank of Baroda|BoB)\b/i, /BOB|BARODA/i],
  ['Canara Bank', /\bCanara\b/i, /CANBNK|CANARA/i],
  ['Union Bank of India', /\bUnion Bank\b/i, /UNIONB|UBOI/i],
  ['IDFC FIRST Bank', /\bIDFC\b/i, /IDFC/i],
  ['Yes Bank', /\bYES ?BANK\b/i, /YESB/i],
  ['IndusInd Bank', /\bIndusInd\b/i, /INDUS/i],
  ['Federal Bank', /\bFederal Bank\b/i, /FEDBNK|FEDERAL/i],
  ['AU Small Finance Bank', /\bAU (?:Small Finance )?Bank\b/i, /AUBANK/i],
  ['Paytm Payments Bank', /\bPaytm\b/i, /PAYTM/i],
  ['Airtel Payments Bank', /\bAirtel\b/i, /AIRBNK|AIRTEL/i],
];

export function bankOf(text: string, sender: string): string {
  for (const [name, , bySender] of BANKS) if (sender !== '' && bySender.test(sender)) return name;
  return bankNamedIn(text);
}

/**
 * The bank the text's own words name, whoever sent it ('' when none): the bank its sender must be
 * (bank-senders.ts). A VPA or an e-mail address names the payer's app or bank, not the alert's.
 */
export function bankNamedIn(body: string): string {
  const text = body.replace(/[A-Za-z0-9._-]+@[A-Za-z0-9.-]+/g, ' ');
  // A narration may name the payer's bank; the alert's own bank signs last.
  let last = { name: '', at: -1 };
  for (const [name, byText] of BANKS) {
    for (const match of text.matchAll(new RegExp(byText.source, 'gi'))) {
      if (match.index > last.at) last = { name, at: match.index };
    }
  }
  return last.name;
}
