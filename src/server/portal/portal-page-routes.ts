/**
 * Serves the built merchant portal (dist/portal, `vite build --mode portal`) under /merchant/, with
 * the console's headers: never cached, never framed, a strict Content Security Policy. The page
 * holds no data; everything comes from /merchant/api behind the portal session.
 */
import type { Hono } from 'hono';
import { builtPageRoutes } from '../console/built-page.js';

export function portalPageRoutes(distDir: string): Hono {
  return builtPageRoutes(distDir, '/merchant', 'merchant portal (run npm run build:portal)');
}
