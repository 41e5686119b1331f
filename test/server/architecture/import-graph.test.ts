/**
 * The folders of src/server form a graph without cycles: each feature folder may use the ones
 * below it, never the other way round. A node is a folder (`gateway/`, `notify/`, ...) or a file
 * at the top of src/server (`app.ts`, `errors.ts`, ...); every import counts, type-only ones too,
 * so a folder's types cannot reach back up either. A folder's routes count apart from it (nodeOf).
 * Imports are read with the parser Vite ships (oxc), so no file is executed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../src/server/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The folder (or top-level file) of src/server a file belongs to. A folder's routes (`*-routes.ts`)
 * are a node of their own above it: they are the HTTP edge of the domain, which may call any
 * domain below (an order's page shows its claims), while nothing but app.ts mounts them.
 */
function nodeOf(file: string): string {
  const [first = '', ...rest] = relative(ROOT, file).split(sep);
  if (rest.length === 0) return first;
  return file.endsWith('-routes.ts') ? `${first}/ routes` : `${first}/`;
}

/** Relative module specifiers a file imports or re-exports, statically or dynamically. */
function importsOf(file: string): string[] {
  const ast = parseAst(readFileSync(file, 'utf8'), { lang: 'ts' });
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as { type?: string; source?: { value?: unknown } };
    const sourceTypes = [
      'ImportDeclaration',
      'ExportNamedDeclaration',
      'ExportAllDeclaration',
      'ImportExpression',
    ];
    if (sourceTypes.includes(node.type ?? '') && typeof node.source?.value === 'string') {
      found.push(node.source.value);
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(ast.body);
  return found.filter((specifier) => specifier.startsWith('.'));
}

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly via: string;
}

function folderEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(ROOT)) {
    for (const specifier of importsOf(file)) {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(ROOT)) continue;
      const from = nodeOf(file);
      const to = nodeOf(target);
      if (from !== to) edges.push({ from, to, via: relative(ROOT, file) });
    }
  }
  return edges;
}

/** Each cycle (a strongly connected set of two or more nodes), found with Tarjan's algorithm. */
function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      for (let top = stack.pop(); top !== undefined; top = top === node ? undefined : stack.pop()) {
        component.push(top);
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) connect(node);
  return found;
}

describe('the import graph of src/server', () => {
  it('finds a cycle when there is one', () => {
    const edges = [
      { from: 'http/', to: 'gateway/', via: 'http/openapi.ts' },
      { from: 'gateway/', to: 'http/', via: 'gateway/gateway-routes.ts' },
      { from: 'gateway/', to: 'errors.ts', via: 'gateway/gateway-routes.ts' },
    ];
    expect(cycles(edges)).toEqual([['gateway/', 'http/']]);
    expect(cycles(edges.slice(1))).toEqual([]);
  });

  it('has no cycle between folders', () => {
    const edges = folderEdges();
    expect(edges.length).toBeGreaterThan(50);
    const report = cycles(edges).map((members) =>
      edges
        .filter((edge) => members.includes(edge.from) && members.includes(edge.to))
        .map((edge) => `${edge.from} -> ${edge.to} (${edge.via})`)
        .sort(),
    );
    expect(report).toEqual([]);
  });
});
