import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalPageRoutes } from '../../../src/server/portal/portal-page-routes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Merchant portal</title><div id="app"></div>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("portal")');
  t = await createTestApp({ app: { portalPage: portalPageRoutes(dist) } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the merchant portal page', () => {
  it('is served at /merchant/ uncached, under a strict CSP, never framed, its assets for a year', async () => {
    const response = await t.app.request('/merchant/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Merchant portal');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect((await t.app.request('/merchant')).headers.get('location')).toBe('/merchant/');
    const asset = await t.app.request('/merchant/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await t.app.request('/merchant/assets/missing.js')).status).toBe(404);
  });

  it('leaves /merchant/api to the portal API: without a session it is 401, not the page', async () => {
    const response = await t.app.request('/merchant/api/orders');
    expect(response.status).toBe(401);
    expect((await response.json()).result).toBe('error');
  });
});
