/**
 * Serves the built operator console (dist/console) under /console/: hashed assets cached for a
 * year, the page itself never cached, under a strict Content Security Policy, never framed.
 * The page holds no data: without a session it can only show its sign-in screen, because every
 * figure comes from the operator API, which refuses requests without a session or token.
 */
import { join } from 'node:path';
import { Hono } from 'hono';
import {
  type Encoding,
  listFiles,
  loadStaticFile,
  pickEncoding,
  type StaticFile,
} from '../checkout-page/static-files.js';
import { notFound } from '../errors.js';
import { renderError } from '../http/envelope.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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

export function consolePageRoutes(distDir: string): Hono {
  const files = new Map<string, StaticFile>();
  for (const name of listFiles(distDir)) files.set(name, loadStaticFile(join(distDir, name)));
  const index = files.get('index.html');
  if (!index) throw new Error(`operator console: no index.html in ${distDir} (run npm run build:console)`);

  const app = new Hono();
  app.get('/console/assets/*', (c) => {
    const file = files.get(c.req.path.slice('/console/'.length));
    if (!file) return renderError(c, notFound("no such file in the console's assets"));
    return send(file, c.req.header('accept-encoding'), { 'Cache-Control': IMMUTABLE });
  });
  app.get('/console', (c) => c.redirect('/console/', 301));
  app.get('/console/', (c) => send(index, c.req.header('accept-encoding'), PAGE_HEADERS));
  return app;
}

function send(
  file: StaticFile,
  acceptEncoding: string | undefined,
  headers: Readonly<Record<string, string>>,
): Response {
  const encoding: Encoding = pickEncoding(acceptEncoding, file.compressible);
  const body = file.body(encoding);
  const out = new Headers({
    'Content-Type': file.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...headers,
    'Content-Length': String(body.byteLength),
  });
  if (file.compressible) out.set('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') out.set('Content-Encoding', encoding);
  return new Response(body, { status: 200, headers: out });
}
