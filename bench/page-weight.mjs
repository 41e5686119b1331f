#!/usr/bin/env node
/**
 * Page weight: gzip (-9) and brotli (q11) bytes of everything the checkout page's first load
 * fetches from dist/checkout (index.html, the entry script and its static imports, the style
 * sheet, the favicon), of the QR chunk, and of each locale file (run `npm run build` first). What
 * the service sends over the wire, with the order's JSON, is in bench/page-load.mjs (Lighthouse's
 * total byte weight).
 *
 * Usage: npm run bench:weight      (node bench/page-weight.mjs [distDir])
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DIST } from './lib.mjs';

const distDir = process.argv[2] ?? join(DIST, 'checkout');
const base = '/checkout/';
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const br = (buffer) =>
  brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const fileFor = (url) =>
  join(distDir, url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, ''));

/** The first-load files, following static imports as scripts/check-size.mjs does. */
export function firstLoad(dir = distDir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = new Map([['index.html', readFileSync(join(dir, 'index.html'))]]);
  const pending = [];
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) pending.push(match[1]);
  for (const match of html.matchAll(/<link[^>]*\bhref="([^"]+)"/g)) pending.push(match[1]);
  while (pending.length > 0) {
    const url = pending.pop();
    const path = fileFor(url);
    const name = path.slice(dir.length + 1);
    if (files.has(name)) continue;
    const content = readFileSync(path);
    files.set(name, content);
    if (!path.endsWith('.js')) continue;
    const code = content.toString('utf8');
    for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g)) {
      pending.push(posix.join(posix.dirname(url), match[1]));
    }
  }
  return files;
}

function report() {
  const files = firstLoad();
  const rows = [];
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const [name, content] of files) {
    const row = { name, raw: content.length, gzip: gz(content), brotli: br(content) };
    rows.push(row);
    raw += row.raw;
    gzip += row.gzip;
    brotli += row.brotli;
  }
  const assets = join(distDir, 'assets');
  const lazy = readdirSync(assets)
    .filter((name) => name.endsWith('.js') && !files.has(`assets/${name}`))
    .map((name) => {
      const content = readFileSync(join(assets, name));
      return { name: `assets/${name}`, raw: content.length, gzip: gz(content), brotli: br(content) };
    });
  const kib = (n) => (n / 1024).toFixed(2);
  console.log('\n### Page weight (dist/checkout; bytes as KiB)\n');
  console.log('| first load | raw | gzip -9 | brotli q11 |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows)
    console.log(`| ${row.name} | ${kib(row.raw)} | ${kib(row.gzip)} | ${kib(row.brotli)} |`);
  console.log(`| **total (budget 32 KiB gzip)** | ${kib(raw)} | **${kib(gzip)}** | **${kib(brotli)}** |`);
  console.log('\n| loaded later | raw | gzip -9 | brotli q11 |');
  console.log('|---|---:|---:|---:|');
  for (const row of lazy)
    console.log(`| ${row.name} | ${kib(row.raw)} | ${kib(row.gzip)} | ${kib(row.brotli)} |`);
  const locales = lazy.filter((row) => !row.name.includes('qr-'));
  if (locales.length > 0) {
    const max = Math.max(...locales.map((row) => row.gzip));
    console.log(`\nlocale files: ${locales.length}, largest ${kib(max)} KiB gzip`);
  }
  console.log(
    `\nfirst load: ${kib(gzip)} KiB gzip, ${kib(brotli)} KiB brotli (${gzip <= 32 * 1024 ? 'within' : 'OVER'} the 32 KiB budget)`,
  );
  return { gzip, brotli, raw, rows, lazy };
}

if (import.meta.url === `file://${process.argv[1]}`) report();
