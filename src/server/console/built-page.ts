/**
 * A page built by Vite served with the console's headers (hashed assets cached for a year, the
 * page itself never cached, a strict Content Security Policy, never framed): the operator console
 * (console-page-routes.ts) and the merchant portal (portal/portal-page-routes.ts) are served alike.
 */
import { join } from 'node:path';
import { Hono } from 'hono';
import {
  IMMUTABLE,
  listFiles,
  loadStaticFile,
  type StaticFile,
  sendStaticFile,
} from '../checkout-page/static-files.js';
import { notFound } from '../errors.js';
import { renderError } from '../http/envelope.js';

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': CONSOLE_CSP,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};

/**
 * A page built by Vite into `distDir`, served under `base`/ (its assets under `base`/assets/) with
 * the console's headers: the operator console and the merchant portal are served alike.
 */
export function builtPageRoutes(distDir: string, base: string, label: string): Hono {
  const files = new Map<string, StaticFile>();
  for (const name of listFiles(distDir)) files.set(name, loadStaticFile(join(distDir, name)));
  const index = files.get('index.html');
  if (!index) throw new Error(`${label}: no index.html in ${distDir}`);

  const app = new Hono();
  app.get(`${base}/assets/*`, (c) => {
    const file = files.get(c.req.path.slice(`${base}/`.length));
    if (!file) return renderError(c, notFound('no such file in the assets'));
    return sendStaticFile(file, c.req.header('accept-encoding'), 200, { 'Cache-Control': IMMUTABLE });
  });
  app.get(base, (c) => c.redirect(`${base}/`, 301));
  app.get(`${base}/`, (c) => sendStaticFile(index, c.req.header('accept-encoding'), 200, PAGE_HEADERS));
  return app;
}
