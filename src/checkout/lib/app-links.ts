/** A UPI app's own link for the same payment: the app's scheme with the same query as `extra`. */
export interface AppLink {
  readonly app: 'gpay' | 'phonepe' | 'paytm' | 'bhim';
  readonly href: string;
}

const APP_SCHEMES: readonly { readonly app: AppLink['app']; readonly prefix: string }[] = [
  { app: 'gpay', prefix: 'tez://upi/pay' },
  { app: 'phonepe', prefix: 'phonepe://pay' },
  { app: 'paytm', prefix: 'paytmmp://pay' },
  { app: 'bhim', prefix: 'bhim://pay' },
];

/** The query of a `upi://pay?...` URI, untouched, or undefined when `extra` is not one. */
export function upiQuery(extra: string | null): string | undefined {
  if (extra === null) return undefined;
  const match = /^upi:\/\/pay\?(.+)$/i.exec(extra);
  return match?.[1];
}

/** Named-app links built from `extra` (never rebuilt from its parts, so nothing is re-encoded). */
export function buildAppLinks(extra: string | null): readonly AppLink[] {
  const query = upiQuery(extra);
  if (query === undefined) return [];
  return APP_SCHEMES.map(({ app, prefix }) => ({ app, href: `${prefix}?${query}` }));
}
