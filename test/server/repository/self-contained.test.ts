/**
 * The repository stands on its own: a clone has no sibling folders, so nothing it tracks may link
 * to or cite documents outside it. What the service implements and why is written in docs/
 * (docs/merchant-api.md, docs/decisions/, docs/checkout.md); cite those instead.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const thisFile = relative(root, import.meta.filename);

/** Tracked files, outside .ci/ (CI may know about its machine), that are text. */
function trackedTextFiles(): string[] {
  return listFiles()
    .filter((path) => path !== '' && !path.startsWith('.ci/') && path !== 'package-lock.json')
    .filter((path) => {
      if (path === thisFile || !existsSync(join(root, path))) return false;
      return !readFileSync(join(root, path)).subarray(0, 8000).includes(0);
    });
}

/** `git ls-files`, or, in a copy without git, every file outside what .gitignore leaves out. */
function listFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  } catch {
    const ignored = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage', 'test-results']);
    const walk = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
        if (ignored.has(entry.name) || entry.name === '.env' || entry.name.endsWith('.log')) return [];
        return entry.isDirectory() ? walk(path) : [path];
      });
    return walk('');
  }
}

/** `../` paths that climb out of the repository, e.g. `../shared/...` from the root. */
function escapingPaths(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\.\.\/)+[\w.-]+(?:\/[\w.-]+)*/g)) {
    const target = relative(root, resolve(root, dirname(file), match[0]));
    if (target.startsWith('..') || isAbsolute(target)) found.push(match[0]);
  }
  return found;
}

/** Citations of the sections of documents a clone does not have. */
const CITATIONS: readonly RegExp[] = [
  /\bshared\/(?:spec|style\.md|hooks)\b/g,
  /\b(?:decisions|interface)(?:\.md)?,?\s+(?:§\s*)?(?:[AB]\.\d+|\d+\.\d+)/gi,
  /(?<![\w.])[AB]\.\d{1,2}(?![\w.])/g,
  /(?<![\w/.-])(?:interface|decisions|style)\.md\b/g,
  /\binterface\b[^.\n]{0,20}\bsection \d/gi,
  /(?<=\s)\([1-9]\.\d{1,2}\)/g,
  /\bthe spec\b/gi,
];

function citations(file: string, text: string): string[] {
  const found = CITATIONS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0]));
  // A bare checkout.md is a citation unless it is a relative link that exists (inside docs/).
  for (const match of text.matchAll(/(?<![\w/.-])checkout\.md\b/g)) {
    if (!existsSync(resolve(root, dirname(file), match[0]))) found.push(match[0]);
  }
  return found;
}

/** Relative links of Markdown files that do not lead to a file in the repository. */
function brokenMarkdownLinks(file: string, text: string): string[] {
  if (!file.endsWith('.md')) return [];
  const found: string[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (match[1] ?? '').split('#')[0] ?? '';
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const path = resolve(root, dirname(file), target);
    if (relative(root, path).startsWith('..') || !existsSync(path)) found.push(match[1] ?? '');
  }
  return found;
}

describe('the repository stands on its own', () => {
  const files = trackedTextFiles().map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

  it('reads the tracked files (a sanity check of the listing)', () => {
    expect(files.map(({ file }) => file)).toEqual(expect.arrayContaining(['README.md', 'src/server/app.ts']));
  });

  it('has no path that climbs out of the repository', () => {
    const found = files.flatMap(({ file, text }) =>
      escapingPaths(file, text).map((path) => `${file}: ${path}`),
    );
    expect(found, 'points outside the repository; write what is needed into docs/ and link that').toEqual([]);
  });

  it('cites no section of a document outside the repository', () => {
    const found = files.flatMap(({ file, text }) => citations(file, text).map((cite) => `${file}: ${cite}`));
    expect(
      found,
      'cites a document a clone does not have; cite docs/merchant-api.md, docs/decisions/ or docs/checkout.md',
    ).toEqual([]);
  });

  it('has Markdown links that lead to files in the repository', () => {
    const found = files.flatMap(({ file, text }) =>
      brokenMarkdownLinks(file, text).map((link) => `${file}: ${link}`),
    );
    expect(found, 'relative links that lead nowhere in a clone').toEqual([]);
  });
});
