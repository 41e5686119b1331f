import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPageRoutes } from '../../../src/server/checkout-page/checkout-page-routes.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/checkout/assets/index-abc123.js"></script></head><body><div id="app"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let dist: string;
let outside: string;
const origins = new Map<string, readonly string[]>([
  ['pay_plain', []],
  ['pay_embed', ['https://game.example', 'https://other.example']],
  ['pay_evil', ['https://ok.example', 'https://x.example; script-src *', '*']],
]);

function app() {
  return checkoutPageRoutes({
    distDir: dist,
    embedOrigins: async (uid) => {
      if (uid === 'pay_boom') throw new Error('store down');
      return origins.get(uid);
    },
  });
}

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'checkout-dist-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-def456.css'), 'body{color:red}');
  writeFileSync(join(dist, 'assets', 'pre-111.js'), 'original');
  writeFileSync(join(dist, 'assets', 'pre-111.js.gz'), gzipSync('precompressed'));
  outside = join(root, 'secret.txt');
  writeFileSync(outside, 'secret');
});
afterAll(() => rmSync(join(dist, '..'), { recursive: true, force: true }));

describe('checkout page routes', () => {
  it('serves the page for an order with no-store and a strict CSP', async () => {
    const response = await app().request('/checkout/pay_plain');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  it('lets the order’s embed origins frame the page, and drops X-Frame-Options then', async () => {
    const response = await app().request('/checkout/pay_embed');
    expect(response.headers.get('Content-Security-Policy')).toContain(
      'frame-ancestors https://game.example https://other.example',
    );
    expect(response.headers.get('X-Frame-Options')).toBeNull();
  });

  it('keeps CSP syntax and wildcards out of frame-ancestors', async () => {
    const csp = (await app().request('/checkout/pay_evil')).headers.get('Content-Security-Policy') ?? '';
    expect(csp).toMatch(/frame-ancestors https:\/\/ok\.example$/);
    expect(csp).not.toContain('script-src *');
    expect(csp).not.toMatch(/frame-ancestors[^;]*\*/);
  });

  it('still serves the page for an unknown order, with status 404', async () => {
    const response = await app().request('/checkout/pay_unknown');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(INDEX);
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('serves the page, unembeddable, when the store cannot answer', async () => {
    const response = await app().request('/checkout/pay_boom');
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('serves hashed assets for a year, immutable, with their type', async () => {
    const response = await app().request('/checkout/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe(SCRIPT);
    const css = await app().request('/checkout/assets/index-def456.css');
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
  });

  it('compresses with brotli or gzip as the client accepts', async () => {
    const br = await app().request('/checkout/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const gz = await app().request('/checkout/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

    const page = await app().request('/checkout/pay_plain', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(INDEX);
  });

  it('prefers a precompressed file when one was built', async () => {
    const response = await app().request('/checkout/assets/pre-111.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe('precompressed');
  });

  it('serves other built files (the favicon) by name', async () => {
    const response = await app().request('/checkout/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
  });

  it.each([
    '/checkout/assets/../index.html',
    '/checkout/assets/..%2f..%2fsecret.txt',
    '/checkout/assets/%2e%2e/%2e%2e/secret.txt',
    '/checkout/assets/nope.js',
    '/checkout/assets/index-abc123.js.map',
  ])('refuses %s', async (path) => {
    const response = await app().request(path);
    const text = await response.text();
    expect(text).not.toContain('secret');
    if (response.status === 200) expect(text).toBe(INDEX);
    else expect(response.status).toBe(404);
  });

  it('refuses to start without a built page', () => {
    expect(() =>
      checkoutPageRoutes({ distDir: join(dist, 'missing'), embedOrigins: async () => [] }),
    ).toThrow(/no index.html/);
  });
});

describe('the page’s language', () => {
  it('answers in the language asked for, and varies on Accept-Language', async () => {
    const response = await app().request('/checkout/pay_plain', {
      headers: { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    });
    expect(response.headers.get('Content-Language')).toBe('hi');
    expect(response.headers.get('Vary')).toContain('Accept-Language');
    const english = await app().request('/checkout/pay_plain?lang=en', {
      headers: { 'Accept-Language': 'hi-IN' },
    });
    expect(english.headers.get('Content-Language')).toBe('en');
  });

  it('preloads the order with the page, and nothing for an unknown order', async () => {
    const known = await app().request('/checkout/pay_plain');
    expect(known.headers.get('Link')).toBe(
      '</checkout/api/orders/pay_plain>; rel=preload; as=fetch; crossorigin',
    );
    const unknown = await app().request('/checkout/pay_nosuch');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Link')).toBeNull();
  });
});
