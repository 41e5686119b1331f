#!/usr/bin/env node
/**
 * Reports the gzipped weight of what the checkout page's first load fetches (index.html, the
 * entry script and the modules it statically imports, the style sheets) and fails when it is
 * over the budget (docs/checkout.md, Weight and trust: 32 KiB). Lazily loaded chunks (the locale
 * files, the QR encoder) are listed separately, for information.
 * Also fails when index.html carries inline scripts or styles, which the page's CSP forbids.
 *
 * Usage: node scripts/check-size.mjs [distDir] [budgetKiB]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = process.argv[2] ?? 'dist/checkout';
const budget = Number(process.argv[3] ?? 32) * 1024;
const base = '/checkout/';

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
const fileFor = (url) =>
  join(distDir, url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, ''));

const html = readFileSync(join(distDir, 'index.html'), 'utf8');
const problems = [];
if (/<script(?![^>]*\bsrc=)[^>]*>/i.test(html))
  problems.push('index.html has an inline <script> (CSP forbids it)');
if (/<style[\s>]/i.test(html) || /\sstyle=/i.test(html))
  problems.push('index.html has inline styles (CSP forbids them)');

const first = new Map();
first.set('index.html', gz(readFileSync(join(distDir, 'index.html'))));
const pending = [];
for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) pending.push(match[1]);
for (const match of html.matchAll(/<link[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref="([^"]+)"/g)) {
  pending.push(match[1]);
}
for (const match of html.matchAll(/<link[^>]*\bhref="([^"]+)"[^>]*\brel="(?:stylesheet|modulepreload)"/g)) {
  pending.push(match[1]);
}

// Follow static imports (not dynamic `import(...)`) of every first-load script.
while (pending.length > 0) {
  const url = pending.pop();
  const path = fileFor(url);
  if ([...first.keys()].includes(path)) continue;
  const content = readFileSync(path);
  first.set(path, gz(content));
  if (!path.endsWith('.js')) continue;
  const code = content.toString('utf8');
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g)) {
    pending.push(posix.join(posix.dirname(url), match[1]));
  }
}

const firstTotal = [...first.values()].reduce((a, b) => a + b, 0);
console.log('First load (gzip -9):');
for (const [path, size] of first) console.log(`  ${kib(size).padStart(10)}  ${path}`);
console.log(`  ${kib(firstTotal).padStart(10)}  total (budget ${kib(budget)})`);

const assets = join(distDir, 'assets');
const lazy = readdirSync(assets)
  .map((name) => join(assets, name))
  .filter((path) => path.endsWith('.js') && !first.has(path));
if (lazy.length > 0) {
  console.log('Loaded later, on demand (not counted):');
  for (const path of lazy) console.log(`  ${kib(gz(readFileSync(path))).padStart(10)}  ${path}`);
}

if (firstTotal > budget) problems.push(`first load is ${kib(firstTotal)}, over the ${kib(budget)} budget`);
for (const problem of problems) console.error(`check-size: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
