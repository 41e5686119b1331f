import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

describe('configuration', () => {
  it('runs on the embedded store in sandbox mode with nothing set', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      port: 8080,
      publicBaseUrl: 'http://localhost:8080',
      store: { kind: 'pglite', dataDir: './data/pglite' },
      mode: 'sandbox',
      orderTtlSeconds: 900,
      allowPrivateCallbacks: false,
      demoMerchant: true,
    });
    expect(result.config.secretKey).toHaveLength(32);
  });

  it('selects PostgreSQL by DATABASE_URL and trims the base URL', () => {
    const result = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/pay',
      PUBLIC_BASE_URL: 'https://pay.example/',
    });
    expect(result.ok && result.config.store).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/pay' });
    expect(result.ok && result.config.publicBaseUrl).toBe('https://pay.example');
  });

  it('names every bad variable', () => {
    const result = loadConfig({
      PORT: 'eighty',
      MODE: 'live',
      DATABASE_URL: 'mysql://x',
      SECRET_KEY: 'short',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.errors.join('\n');
    for (const name of ['PORT', 'MODE', 'DATABASE_URL', 'SECRET_KEY']) expect(text).toContain(name);
  });

  it('requires a secret key, an operator token and a public URL in production, and refuses private callbacks there', () => {
    const result = loadConfig({ MODE: 'production', ALLOW_PRIVATE_CALLBACKS: 'true' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'SECRET_KEY: required in production mode',
      'OPERATOR_TOKEN: required in production mode',
      'PUBLIC_BASE_URL: required in production mode',
      'ALLOW_PRIVATE_CALLBACKS: not allowed in production mode',
    ]);
  });

  it('never creates a demo merchant in production', () => {
    const result = loadConfig({
      MODE: 'production',
      SECRET_KEY: 'ab'.repeat(32),
      OPERATOR_TOKEN: 'a-long-enough-operator-token',
      PUBLIC_BASE_URL: 'https://pay.example',
      DEMO_MERCHANT: 'true',
    });
    expect(result.ok && result.config.demoMerchant).toBe(false);
  });
});

describe('deployment settings', () => {
  it('reads TRUST_PROXY as a list of addresses, ranges and names, empty by default', () => {
    expect(
      loadConfig({}).ok && (loadConfig({}) as { config: { trustProxy: unknown } }).config.trustProxy,
    ).toEqual([]);
    const result = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,loopback' });
    expect(result.ok && result.config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    const bad = loadConfig({ TRUST_PROXY: '10.0.0.0/8, proxy.example' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.join()).toMatch(/TRUST_PROXY: .*proxy\.example/);
  });

  it('refuses WORKERS above 1 on the embedded store', () => {
    const refused = loadConfig({ WORKERS: '2' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors.join()).toMatch(/WORKERS: .*DATABASE_URL/);
    const accepted = loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://u@db/pay' });
    expect(accepted.ok && accepted.config.workers).toBe(4);
    expect(loadConfig({}).ok && (loadConfig({}) as { config: { workers: number } }).config.workers).toBe(1);
  });

  it('takes a METRICS_PORT on loopback by default, not the service port', () => {
    const result = loadConfig({ METRICS_PORT: '9464' });
    expect(result.ok && [result.config.metricsPort, result.config.metricsHost]).toEqual([9464, '127.0.0.1']);
    expect(loadConfig({ PORT: '9000', METRICS_PORT: '9000' }).ok).toBe(false);
  });

  it('refuses an operator token that cannot travel as a bearer token', () => {
    const result = loadConfig({ OPERATOR_TOKEN: 'has spaces and "quotes" in it' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join()).toMatch(/OPERATOR_TOKEN/);
  });

  it("takes the event streams' heartbeat interval in seconds, 20 by default", () => {
    expect(
      loadConfig({}).ok &&
        (loadConfig({}) as { config: { eventStreamHeartbeatSeconds: number } }).config
          .eventStreamHeartbeatSeconds,
    ).toBe(20);
    const result = loadConfig({ EVENT_STREAM_HEARTBEAT_SECONDS: '0.5' });
    expect(result.ok && result.config.eventStreamHeartbeatSeconds).toBe(0.5);
    for (const value of ['0', '-1', 'often', '301']) {
      const bad = loadConfig({ EVENT_STREAM_HEARTBEAT_SECONDS: value });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.errors.join()).toMatch(/EVENT_STREAM_HEARTBEAT_SECONDS/);
    }
  });
});
