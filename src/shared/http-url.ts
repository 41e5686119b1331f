/** The URL checks of the service: merchants' origins and URLs, checked once the same way everywhere. */

/**
 * True for a bare http(s) origin such as `https://shop.example` (no path, query or trailing
 * slash). Embed origins must be exactly this: they go into the page's CSP `frame-ancestors` and
 * are the only targets of its status messages, so anything else could smuggle syntax in.
 */
export function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** True for an absolute http(s) URL with a host: a merchant's callback or return address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
