import type { Context } from 'hono';

/**
 * The client's address as the socket saw it. Proxy headers are not trusted: behind a proxy,
 * the proxy's own limits apply. In-process test requests have no socket and read as "local".
 */
export function clientIp(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
