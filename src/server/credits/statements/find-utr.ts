/**
 * The UTR (12-digit RRN) of a statement line: from a reference column, or from the narration,
 * where Indian banks put it: `UPI/632512345678/...` (ICICI, SBI), `UPI/P2A/632512345678/...`
 * (Axis), `UPI-NAME-vpa@bank-IFSC-632512345678-NOTE` (HDFC), `IMPS/P2A/632512345678/...`,
 * `MMT/IMPS/632512345678/...`. A reference column may pad it with zeros to 16 digits (HDFC).
 */
const IN_NARRATION: readonly RegExp[] = [
  /\b(?:UPI|IMPS|MMT)[/-](?:[A-Z0-9]{2,8}[/-])*?(\d{12})(?![\d])/i,
  /^(?:UPI|IMPS)\b.*?[/-](\d{12})(?:[/-]|$)/i,
  /\b(?:UTR|RRN|Ref(?:erence)?(?:\s*No)?)\.?\s*[:#-]?\s*(\d{12})(?!\d)/i,
];

export function utrFromReference(cell: string): string | undefined {
  const digits = cell.trim().replace(/\s+/g, '');
  if (/^\d{12}$/.test(digits)) return digits;
  if (/^0{1,4}\d{12}$/.test(digits) && digits.length <= 16) return digits.slice(-12);
  return undefined;
}

export function utrFromNarration(narration: string): string | undefined {
  for (const pattern of IN_NARRATION) {
    const match = pattern.exec(narration);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** The payer's name or VPA from a UPI/IMPS narration, when it has one. */
export function payerFromNarration(narration: string): string {
  const parts = narration.split(/[/-]/).map((part) => part.trim());
  const vpa = parts.flatMap((part) => part.split(/\s+/)).find((word) => VPA.test(word));
  if (vpa) return vpa;
  const at = parts.findIndex((part) => /^\d{12}$/.test(part));
  if (at < 0) return '';
  // Axis, ICICI and IMPS narrations put the name after the UTR; HDFC's UPI ones before it.
  for (const candidate of [parts[at + 1] ?? '', parts[1] ?? '']) {
    if (NAME.test(candidate) && !NOT_A_NAME.test(candidate)) return candidate;
  }
  return '';
}

const VPA = /^[A-Za-z0-9._]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
const NAME = /^[A-Za-z][A-Za-z .,]{1,60}$/;
const NOT_A_NAME = /^(?:P2A|P2M|UPI|IMPS|CR|DR|MMT|payment|food)$/i;

/**
 * The bank's reference of an outgoing transfer in a line's text: an IMPS RRN (12 digits, as
 * utrFromNarration finds it) or a NEFT/RTGS UTR (the bank's 4 letters, N or R, then 11 or more
 * digits: 16 characters, e.g. HDFCN52026031012 or SBINR52026031000). '' when none.
 */
export function transferReference(text: string): string {
  const rrn = utrFromNarration(text);
  if (rrn) return rrn;
  return /\b([A-Z]{4}[NR]\d{11,14})\b/.exec(text)?.[1] ?? '';
}
