/**
 * Serves the built operator console (dist/console) under /console/, as built-page.ts serves a
 * page: hashed assets cached for a year, the page itself never cached, under a strict Content
 * Security Policy, never framed.
 * The page holds no data: without a session it can only show its sign-in screen, because every
 * figure comes from the operator API, which refuses requests without a session or token.
 */
import type { Hono } from 'hono';
import { builtPageRoutes } from './built-page.js';

export function consolePageRoutes(distDir: string): Hono {
  return builtPageRoutes(distDir, '/console', 'operator console (run npm run build:console)');
}
