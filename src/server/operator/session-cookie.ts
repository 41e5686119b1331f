/**
 * The console session cookie: HttpOnly, SameSite=Strict, Path=/ (the console and the operator
 * API), with Max-Age; `Secure` and the `__Host-` prefix when the service is served over HTTPS.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';

const BASE_NAME = 'console_session';

export interface SessionCookie {
  /** The cookie's name as sent (with its prefix). */
  readonly name: string;
  read(c: Context): string | undefined;
  write(c: Context, id: string, maxAgeSeconds: number): void;
  clear(c: Context): void;
}

export function sessionCookie(publicBaseUrl: string): SessionCookie {
  const secure = publicBaseUrl.startsWith('https:');
  const options: CookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    ...(secure ? { prefix: 'host' as const } : {}),
  };
  return {
    name: secure ? `__Host-${BASE_NAME}` : BASE_NAME,
    read: (c) => getCookie(c, BASE_NAME, secure ? 'host' : undefined),
    write: (c, id, maxAgeSeconds) => setCookie(c, BASE_NAME, id, { ...options, maxAge: maxAgeSeconds }),
    clear: (c) => void deleteCookie(c, BASE_NAME, options),
  };
}
