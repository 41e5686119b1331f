import type { Context } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Whether a browser request comes from the service's own pages. Browsers send `Origin` on every
 * POST/PUT/PATCH/DELETE and `Sec-Fetch-Site` on every request; when present they must say
 * "same origin". Clients that are not browsers (the CLI, curl) send neither and pass; they
 * authenticate with the bearer token, which a forged cross-site request cannot carry.
 */
export function isSameOriginRequest(c: Context, publicBaseUrl: string): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  return origin === new URL(publicBaseUrl).origin || origin === new URL(c.req.url).origin;
}
