/**
 * A session cookie (the console's, and the merchant portal's under another name): HttpOnly,
 * SameSite=Strict, Path=/ (the pages and their API), with Max-Age; `Secure` and the `__Host-`
 * prefix when the service is served over HTTPS.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';

const CONSOLE_COOKIE = 'console_session';

export interface SessionCookie {
  /** The cookie's name as sent (with its prefix). */
  readonly name: string;
  read(c: Context): string | undefined;
  write(c: Context, id: string, maxAgeSeconds: number): void;
  clear(c: Context): void;
}

export function sessionCookie(publicBaseUrl: string, baseName: string = CONSOLE_COOKIE): SessionCookie {
  const secure = publicBaseUrl.startsWith('https:');
  const options: CookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    ...(secure ? { prefix: 'host' as const } : {}),
  };
  return {
    name: secure ? `__Host-${baseName}` : baseName,
    read: (c) => getCookie(c, baseName, secure ? 'host' : undefined),
    write: (c, id, maxAgeSeconds) => setCookie(c, baseName, id, { ...options, maxAge: maxAgeSeconds }),
    clear: (c) => void deleteCookie(c, baseName, options),
  };
}
