/** Builds a UPI deep link as the NPCI linking specification describes it. */
export interface UpiPayment {
  /** Payee VPA, e.g. `shop@bank`. */
  readonly pa: string;
  /** Payee name. */
  readonly pn: string;
  /** Amount with two decimals. */
  readonly am: string;
  /** Unique transaction reference; mandatory for merchant payments. */
  readonly tr: string;
  /** Short note shown in the payer's app. */
  readonly tn: string;
}

export function buildUpiUri(payment: UpiPayment): string {
  const pairs: [string, string][] = [
    ['pa', payment.pa],
    ['pn', payment.pn],
    ['am', payment.am],
    ['cu', 'INR'],
    ['tr', payment.tr],
    ['tn', payment.tn],
  ];
  const query = pairs
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encodeUriValue(value)}`)
    .join('&');
  return `upi://pay?${query}`;
}

/** Percent-encodes a value; `@` stays readable because UPI apps expect it in VPAs. */
function encodeUriValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}
