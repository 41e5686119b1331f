import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePageRoutes } from '../../../src/server/console/console-page-routes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Operator console</title><div id="app"></div>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("console")');
  t = await createTestApp({ app: { consolePage: consolePageRoutes(dist) } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the console page', () => {
  it('is served at /console/ uncached, under a strict CSP, never framed', async () => {
    const response = await t.app.request('/console/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Operator console');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('redirects /console to /console/ and serves hashed assets for a year', async () => {
    const redirect = await t.app.request('/console');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/console/');
    const asset = await t.app.request('/console/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect((await t.app.request('/console/assets/../index.html')).status).toBe(404);
    const missing = await t.app.request('/console/assets/missing.js');
    expect(missing.status).toBe(404);
    expect((await missing.json()).data.error).toBe('not_found');
  });

  it('leaves the session API to its routes: an unknown one is a JSON 404', async () => {
    const response = await t.app.request('/console/api/nothing');
    expect(response.status).toBe(404);
    expect((await response.json()).result).toBe('error');
  });
});
