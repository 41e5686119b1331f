import type { Platform } from './detect-platform.js';

/** A UPI app's own link for the same payment, with the same query as `extra`. */
export interface AppLink {
  readonly app: 'gpay' | 'phonepe' | 'paytm' | 'bhim';
  readonly href: string;
}

/**
 * Each app by its Android package (an `intent://` link opens that app only, with the query of
 * `extra`) and by its iOS scheme (iOS cannot list apps; each app registers its own scheme).
 */
export const UPI_APPS: readonly {
  readonly app: AppLink['app'];
  readonly androidPackage: string;
  readonly iosPrefix: string;
}[] = [
  { app: 'gpay', androidPackage: 'com.google.android.apps.nbu.paisa.user', iosPrefix: 'tez://upi/pay' },
  { app: 'phonepe', androidPackage: 'com.phonepe.app', iosPrefix: 'phonepe://pay' },
  { app: 'paytm', androidPackage: 'net.one97.paytm', iosPrefix: 'paytmmp://pay' },
  { app: 'bhim', androidPackage: 'in.org.npci.upiapp', iosPrefix: 'bhim://pay' },
];

/** The query of a `upi://pay?...` URI, untouched, or undefined when `extra` is not one. */
export function upiQuery(extra: string | null): string | undefined {
  if (extra === null) return undefined;
  const match = /^upi:\/\/pay\?(.+)$/i.exec(extra);
  return match?.[1];
}

/**
 * Named-app links built from `extra` (never rebuilt from its parts, so nothing is re-encoded):
 * Android intents with each app's package, iOS app schemes. Desktops get none (they show the QR).
 * An intent carries `S.browser_fallback_url`: where the app is missing, the browser opens that page
 * (this checkout, marked so it offers the other ways to pay) instead of the app store.
 */
export function buildAppLinks(
  extra: string | null,
  platform: Platform,
  fallbackUrl?: string,
): readonly AppLink[] {
  const query = upiQuery(extra);
  if (query === undefined || platform === 'desktop') return [];
  const fallback = fallbackUrl ? `S.browser_fallback_url=${encodeURIComponent(fallbackUrl)};` : '';
  return UPI_APPS.map(({ app, androidPackage, iosPrefix }) => ({
    app,
    href:
      platform === 'android'
        ? `intent://pay?${query}#Intent;scheme=upi;package=${androidPackage};${fallback}end`
        : `${iosPrefix}?${query}`,
  }));
}

/** The mark an intent's fallback adds to this page's address: the app did not open. */
export const NO_APP_HASH = '#no-app';

/** This page's address as an intent's fallback: without its fragment, marked with NO_APP_HASH. */
export function appFallbackUrl(pageUrl: string): string {
  return `${pageUrl.split('#')[0]}${NO_APP_HASH}`;
}
