/**
 * Folders by domain (docs/decisions/0036-folders-by-domain.md): which folder may import what,
 * beyond the import graph having no cycle (import-graph.test.ts). Each rule reports the file and
 * line of the import that breaks it.
 * - A folder's routes (`*-routes.ts`) are mounted by app.ts (service.ts for the pages) and
 *   imported by nothing else: the console, the CLI and other routes call domain modules.
 * - Domain folders hold no HTTP: outside their routes and the routes' definitions (`*-api.ts`)
 *   they import neither Hono nor the request machinery of http/ (route registration, request
 *   context, envelopes).
 * - The audit log is free of HTTP altogether.
 * - src/shared (read by the browser too) imports only itself and zod, and Node's crypto only in
 *   signature.ts, the one file the service alone signs with.
 */
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Import,
  importsIn,
  readSource,
  SERVER_ROOT,
  serverPath,
  sourceFiles,
} from './support/source-files.js';

const SHARED_ROOT = join(SERVER_ROOT, '../shared');

/** Folders of src/server that hold the domain: stores, commands, rules. */
const DOMAIN = [
  'audit',
  'channel',
  'credits',
  'csv',
  'ledger',
  'lifecycle',
  'merchants',
  'notify',
  'orders',
  'payouts',
  'store',
];
/** The parts of http/ that handle a request (the rest of http/ is zod fields and pure helpers). */
const REQUEST_MACHINERY = [
  'http/api-route.ts',
  'http/client-ip.ts',
  'http/envelope.ts',
  'http/matched-route.ts',
  'http/request-context.ts',
  'http/request-record.ts',
  'http/route-input.ts',
  'http/route-group.ts',
  'http/operator-env.ts',
];
/** Where routes are mounted. */
const MOUNTERS = ['app.ts', 'service.ts'];

const isRoutes = (path: string) => path.endsWith('-routes.ts');
/** A folder's HTTP edge: its routes and their definitions (`*-api.ts`). */
const isEdge = (path: string) => isRoutes(path) || path.endsWith('-api.ts');
const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');

interface Source {
  /** Inside src/server (`orders/order-store.ts`), or `shared/...` for src/shared. */
  readonly path: string;
  readonly imports: readonly (Import & { readonly target: string })[];
}

/** A file's imports, each with its target as a src/server path (`hono` stays `hono`). */
function sourceOf(file: string, code: string = readSource(file)): Source {
  return {
    path: serverPath(file),
    imports: importsIn(code).map((found) => ({
      ...found,
      target: found.specifier.startsWith('.')
        ? serverPath(resolve(dirname(file), found.specifier.replace(/\.js$/, '.ts')))
        : found.specifier,
    })),
  };
}

const where = (source: Source, found: Import) => `${source.path}:${found.line}: ${found.specifier}`;

function routesImportedOutsideTheMounters(sources: readonly Source[]): string[] {
  return sources
    .filter((source) => !MOUNTERS.includes(source.path))
    .flatMap((source) =>
      source.imports.filter((found) => isRoutes(found.target)).map((found) => where(source, found)),
    );
}

function httpInTheDomain(sources: readonly Source[]): string[] {
  return sources
    .filter((source) => DOMAIN.includes(folderOf(source.path)) && !isEdge(source.path))
    .flatMap((source) =>
      source.imports
        .filter(
          (found) =>
            found.target === 'hono' ||
            found.target.startsWith('hono/') ||
            REQUEST_MACHINERY.includes(found.target) ||
            isRoutes(found.target),
        )
        .map((found) => where(source, found)),
    );
}

function httpInTheAuditLog(sources: readonly Source[]): string[] {
  return sources
    .filter((source) => folderOf(source.path) === 'audit')
    .flatMap((source) =>
      source.imports
        .filter((found) => found.target.startsWith('hono') || folderOf(found.target) === 'http')
        .map((found) => where(source, found)),
    );
}

function sharedReachingOut(sources: readonly Source[]): string[] {
  return sources.flatMap((source) =>
    source.imports
      .filter((found) => {
        if (found.specifier.startsWith('.')) return !found.target.startsWith('../shared/');
        if (found.specifier === 'node:crypto') return source.path !== '../shared/signature.ts';
        return !['zod', 'zod/mini'].includes(found.specifier);
      })
      .map((found) => where(source, found)),
  );
}

const server = sourceFiles().map((file) => sourceOf(file));
const shared = sourceFiles(SHARED_ROOT).map((file) => sourceOf(file));

/** A made-up file at `path` with this code, read as the rules read the real ones. */
const fake = (path: string, code: string) => sourceOf(join(SERVER_ROOT, path), code);

describe('folders by domain', () => {
  it('finds each kind of import the rules forbid, by file and line', () => {
    const console = fake(
      'console/console-api-routes.ts',
      "import { x } from '../orders/order-store.js';\nimport { orderRoutes } from '../orders/order-routes.js';",
    );
    expect(routesImportedOutsideTheMounters([console])).toEqual([
      'console/console-api-routes.ts:2: ../orders/order-routes.js',
    ]);
    const app = fake('app.ts', "import { orderRoutes } from './orders/order-routes.js';");
    expect(routesImportedOutsideTheMounters([app])).toEqual([]);

    const domain = fake(
      'credits/receive-credit.ts',
      "import type { Context } from 'hono';\nimport { utrField } from '../http/request-fields.js';\nimport { success } from '../http/envelope.js';",
    );
    expect(httpInTheDomain([domain])).toEqual([
      'credits/receive-credit.ts:1: hono',
      'credits/receive-credit.ts:3: ../http/envelope.js',
    ]);
    expect(httpInTheDomain([fake('credits/credit-routes.ts', "import { Hono } from 'hono';")])).toEqual([]);

    const audit = fake(
      'audit/audit-log.ts',
      "import { z } from 'zod';\nimport { oneLine } from '../http/one-line.js';",
    );
    expect(httpInTheAuditLog([audit])).toEqual(['audit/audit-log.ts:2: ../http/one-line.js']);

    const sharedFile = sourceOf(
      join(SHARED_ROOT, 'money.ts'),
      "import * as z from 'zod/mini';\nimport { createHmac } from 'node:crypto';\nimport { x } from '../server/errors.js';",
    );
    expect(sharedReachingOut([sharedFile])).toEqual([
      '../shared/money.ts:2: node:crypto',
      '../shared/money.ts:3: ../server/errors.js',
    ]);
  });

  it('mounts routes only in app.ts and service.ts', () => {
    expect(server.filter((source) => isRoutes(source.path)).length).toBeGreaterThan(15);
    expect(routesImportedOutsideTheMounters(server)).toEqual([]);
  });

  it('keeps HTTP out of the domain folders', () => {
    expect(httpInTheDomain(server)).toEqual([]);
  });

  it('keeps the audit log free of HTTP', () => {
    expect(server.some((source) => source.path === 'audit/audit-log.ts')).toBe(true);
    expect(httpInTheAuditLog(server)).toEqual([]);
  });

  it('keeps src/shared to itself', () => {
    expect(shared.length).toBeGreaterThan(15);
    expect(sharedReachingOut(shared)).toEqual([]);
  });
});
