/**
 * The Quick start of docs/merchant-api.md shows code from the examples that CI runs against the
 * service (test/examples/): every line of each snippet is a line of its example file, so the
 * snippets cannot drift from code that works. The TypeScript snippet imports only what the client
 * package exports.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as client from '../../../src/client/index.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const doc = readFileSync(resolve(ROOT, 'docs/merchant-api.md'), 'utf8');
const quickStart = doc.slice(doc.indexOf('## Quick start'), doc.indexOf('## Common mistakes'));

const FILES: Record<string, string> = {
  python: 'examples/python/merchant.py',
  php: 'examples/php/gateway.php',
  go: 'examples/go/main.go',
  java: 'examples/java/Merchant.java',
};

function snippets(language: string): string[] {
  return [...quickStart.matchAll(/```(\w+)\n([\s\S]*?)\n```/g)]
    .filter((match) => match[1] === language)
    .map((match) => match[2] ?? '');
}

describe('the Quick start of docs/merchant-api.md', () => {
  for (const [language, file] of Object.entries(FILES)) {
    it(`shows ${language} code of ${file}, line for line`, () => {
      const source = new Set(
        readFileSync(resolve(ROOT, file), 'utf8')
          .split('\n')
          .map((line) => line.trimEnd()),
      );
      const blocks = snippets(language);
      expect(blocks.length, language).toBeGreaterThan(0);
      for (const block of blocks) {
        for (const line of block.split('\n').filter((text) => text.trim() !== '')) {
          expect(source.has(line), `${file} has no line\n${line}`).toBe(true);
        }
      }
    });
  }

  it('imports from upi-gateway/client only what the package exports', () => {
    const [block] = snippets('ts');
    const imported = /import \{([^}]*)\} from 'upi-gateway\/client'/.exec(block ?? '')?.[1] ?? '';
    const names = imported.split(',').map((name) => name.trim());
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(Object.keys(client), name).toContain(name);
  });
});
