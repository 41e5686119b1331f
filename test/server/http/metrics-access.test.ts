import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { metricsRoutes } from '../../../src/server/http/metrics-routes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { openTestDb } from '../support/test-db.js';

// The first store of a test process is built from scratch: in a hook, not in a test's time.
beforeAll(async () => (await openTestDb()).close());

describe('/metrics', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is served on the service port to the operator token only', async () => {
    t = await createTestApp();
    const anonymous = await t.app.request('/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await anonymous.text()).not.toContain('http_requests_total');
    const operator = await t.operator('GET', '/metrics');
    expect(operator.status).toBe(200);
    expect(operator.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await operator.text()).toContain('http_requests_total');
  });

  it('with METRICS_PORT, is not served on the service port at all, and its own listener serves it', async () => {
    t = await createTestApp({ env: { METRICS_PORT: '9464' } });
    expect((await t.operator('GET', '/metrics')).status).toBe(404);
    await t.app.request('/healthz');
    const own = await metricsRoutes(t.deps.metrics).request('/metrics');
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} 1/);
  });
});
