/**
 * The source of src/server as the architecture tests read it: every file, its parsed syntax tree
 * (the parser Vite ships, oxc: no file is executed) and the text of its string and template
 * literals, where SQL lives.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';

export const SERVER_ROOT = fileURLToPath(new URL('../../../../src/server/', import.meta.url));

export function sourceFiles(dir: string = SERVER_ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A file's path inside src/server, with forward slashes (`credits/credit-store.ts`). */
export function serverPath(file: string): string {
  return relative(SERVER_ROOT, file).split(sep).join('/');
}

export interface SyntaxNode {
  readonly type: string;
  readonly [key: string]: unknown;
}

export function syntaxOf(code: string): SyntaxNode {
  return parseAst(code, { lang: 'ts' }) as unknown as SyntaxNode;
}

/** Calls `visit` on every node of the tree, parents first. */
export function walk(node: unknown, visit: (node: SyntaxNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  if (typeof (node as { type?: unknown }).type === 'string') visit(node as SyntaxNode);
  for (const child of Object.values(node)) walk(child, visit);
}

/** The text of every string literal and of every template literal's fixed parts, in order. */
export function literalTexts(code: string): string[] {
  const texts: string[] = [];
  walk(syntaxOf(code), (node) => {
    if (node.type === 'Literal' && typeof node.value === 'string') texts.push(node.value);
    if (node.type === 'TemplateLiteral') {
      const quasis = node.quasis as { value: { cooked: string | null; raw: string } }[];
      texts.push(quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ? '));
    }
  });
  return texts;
}

export function readSource(file: string): string {
  return readFileSync(file, 'utf8');
}
