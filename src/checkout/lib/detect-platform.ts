/** Which buttons to offer first: Android gets the system UPI chooser, iOS named apps, desktops the QR. */
export type Platform = 'android' | 'ios' | 'desktop';

export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS reports itself as a Mac; touch points give it away.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
}

/**
 * An Android web view inside another app (a game, a social app): its user agent carries `; wv)`.
 * There UPI links open only if the host app lets them, and Web Share and downloads usually fail.
 */
export function detectWebView(userAgent: string): boolean {
  return /;\s*wv\)/.test(userAgent);
}
