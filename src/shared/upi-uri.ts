/** Builds a UPI deep link as the NPCI linking specification describes it; never an empty parameter. */
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
  /** Merchant category code (4 digits); left out when empty. */
  readonly mc?: string;
  /** Purpose code (2 digits); left out when empty. */
  readonly purpose?: string;
}

export function buildUpiUri(payment: UpiPayment): string {
  const pairs: [string, string][] = [
    ['pa', payment.pa],
    ['pn', payment.pn],
    ['am', payment.am],
    ['cu', 'INR'],
    ['tr', payment.tr],
    ['tn', payment.tn],
    ['mc', payment.mc ?? ''],
    ['purpose', payment.purpose ?? ''],
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
