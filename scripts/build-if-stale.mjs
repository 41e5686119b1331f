#!/usr/bin/env node
/**
 * `npm start` runs this first: builds (npm run build) only when the built service or page is
 * missing or older than any of their sources, so a second start is immediate.
 * `npm run build` stays the explicit way to build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package.json',
  'package-lock.json',
];
const OUTPUTS = [
  'dist/server/server/main.js',
  'dist/checkout/index.html',
  'dist/console/index.html',
  'dist/portal/index.html',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const built = Math.min(...OUTPUTS.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
const changed = Math.max(...SOURCES.map(newest));
if (built > 0 && built >= changed) {
  process.stderr.write('Build is current (npm run build rebuilds).\n');
} else {
  process.stderr.write(built > 0 ? 'Sources changed: building.\n' : 'No build yet: building.\n');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
