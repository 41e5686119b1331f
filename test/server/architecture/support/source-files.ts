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

export interface Literal {
  readonly text: string;
  readonly line: number;
}

/** Every string literal and every template literal's fixed parts, in order, with its line. */
export function literalsIn(code: string): Literal[] {
  const found: Literal[] = [];
  walk(syntaxOf(code), (node) => {
    const line = () => lineAt(code, node.start as number);
    if (node.type === 'Literal' && typeof node.value === 'string')
      found.push({ text: node.value, line: line() });
    if (node.type === 'TemplateLiteral') {
      const quasis = node.quasis as { value: { cooked: string | null; raw: string } }[];
      found.push({
        text: quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ? '),
        line: line(),
      });
    }
  });
  return found;
}

/** The line (from 1) of a character offset in a piece of code. */
export function lineAt(code: string, offset: number): number {
  let line = 1;
  for (let at = code.indexOf('\n'); at !== -1 && at < offset; at = code.indexOf('\n', at + 1)) line++;
  return line;
}

export interface Import {
  /** As written: `hono`, `../orders/order-store.js`. */
  readonly specifier: string;
  readonly line: number;
}

/** What a piece of code imports or re-exports, statically or dynamically, with the line of each. */
export function importsIn(code: string): Import[] {
  const found: Import[] = [];
  walk(syntaxOf(code), (node) => {
    const types = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'];
    const source = node.source as { value?: unknown } | undefined;
    if (types.includes(node.type) && typeof source?.value === 'string') {
      found.push({ specifier: source.value, line: lineAt(code, node.start as number) });
    }
  });
  return found;
}

export function readSource(file: string): string {
  return readFileSync(file, 'utf8');
}
