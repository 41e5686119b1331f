/**
 * Security headers of the checkout page's HTML (docs/checkout.md, Weight and trust; SECURITY.md). Pure, so
 * the policy can be read and tested on its own.
 */
import { isHttpOrigin } from '../../shared/http-url.js';

/** Only real http(s) origins may embed the page; anything else could smuggle CSP syntax in. */
export function frameAncestors(embedOrigins: readonly string[]): readonly string[] {
  return embedOrigins.filter(isHttpOrigin);
}

export function contentSecurityPolicy(ancestors: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ');
}

export function pageHeaders(embedOrigins: readonly string[]): Record<string, string> {
  const ancestors = frameAncestors(embedOrigins);
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': contentSecurityPolicy(ancestors),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Robots-Tag': 'noindex, nofollow',
  };
  // Older browsers ignore frame-ancestors; X-Frame-Options cannot name several origins, so it
  // is sent only when nobody may embed the page.
  if (ancestors.length === 0) headers['X-Frame-Options'] = 'DENY';
  return headers;
}
