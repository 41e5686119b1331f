/**
 * The built pages' files (the checkout page, the operator console), found once at start. Only files present in dist at start can
 * be served (lookups are by exact name in that list), so no request path can reach outside it.
 * Answers are compressed: a precompressed `.br`/`.gz` beside the file wins, else compressed
 * once on first use and kept in memory (the files are small and immutable).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface StaticFile {
  readonly contentType: string;
  /** Bytes for an encoding, compressed on first use. */
  body(encoding: Encoding): Uint8Array<ArrayBuffer>;
  readonly compressible: boolean;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.map',
  '.txt',
]);

export function loadStaticFile(path: string): StaticFile {
  return staticFile(readFileSync(path), extname(path), path);
}

/** A file made in memory (a localized index.html); compressed on first use like the others. */
export function staticFileFromText(text: string, ext: string): StaticFile {
  return staticFile(Buffer.from(text, 'utf8'), ext, undefined);
}

function staticFile(raw: Buffer, ext: string, path: string | undefined): StaticFile {
  const cache = new Map<Encoding, Uint8Array<ArrayBuffer>>([['identity', new Uint8Array(raw)]]);
  const compressible = COMPRESSIBLE.has(ext);
  return {
    contentType: TYPES[ext] ?? 'application/octet-stream',
    compressible,
    body(encoding) {
      const cached = cache.get(encoding);
      if (cached) return cached;
      const sidecar = path === undefined ? undefined : `${path}${encoding === 'br' ? '.br' : '.gz'}`;
      const bytes =
        sidecar !== undefined && existsSync(sidecar)
          ? readFileSync(sidecar)
          : encoding === 'br'
            ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
            : gzipSync(raw, { level: 9 });
      const copy = new Uint8Array(bytes);
      cache.set(encoding, copy);
      return copy;
    },
  };
}

/** Relative paths (with `/`) of every file under `dir`, skipping precompressed sidecars. */
export function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full, `${prefix}${name}/`);
    return name.endsWith('.br') || name.endsWith('.gz') ? [] : [`${prefix}${name}`];
  });
}

/** The best encoding the client accepts (q=0 refuses), preferring brotli. */
export function pickEncoding(acceptEncoding: string | undefined, compressible: boolean): Encoding {
  if (!compressible || !acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** Hashed assets: their names change with their content, so they are cached for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers with the file in the best encoding the client accepts, with the given headers. */
export function sendStaticFile(
  file: StaticFile,
  acceptEncoding: string | undefined,
  status: number,
  headers: Readonly<Record<string, string>>,
): Response {
  const encoding: Encoding = pickEncoding(acceptEncoding, file.compressible);
  const body = file.body(encoding);
  const out = new Headers({
    'Content-Type': file.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...headers,
    'Content-Length': String(body.byteLength),
  });
  if (file.compressible && !out.has('Vary')) out.set('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') out.set('Content-Encoding', encoding);
  return new Response(body, { status, headers: out });
}
