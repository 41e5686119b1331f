import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

/** A production environment that starts: each test below spoils one value. */
const SAFE_PRODUCTION = {
  MODE: 'production',
  SECRET_KEY: '3f9a1c7e52b8d04f6a2e9c1b7d3f5a8e0c4b6d2f9e1a3c5b7d9f0e2a4c6b8d01',
  OPERATOR_TOKEN: 'k3Jq9x-Lm2Vt8Rw5Zp1Yb7Nc4Hd6Fs0Ge',
  PUBLIC_BASE_URL: 'https://pay.example',
};

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
      ...SAFE_PRODUCTION,
      PUBLIC_BASE_URL: 'https://pay.example',
      DEMO_MERCHANT: 'true',
    });
    expect(result.ok && result.config.demoMerchant).toBe(false);
  });
});

describe('a safe production start', () => {
  const refusals = (env: Record<string, string>) => {
    const result = loadConfig({ ...SAFE_PRODUCTION, ...env });
    return result.ok ? [] : result.errors;
  };

  it('starts with a long random token, a random key and an https public URL, and says it is production', () => {
    const result = loadConfig(SAFE_PRODUCTION);
    expect(result.ok).toBe(true);
    expect(result.ok && result.config).toMatchObject({ mode: 'production', insecurePublicUrl: false });
  });

  it('refuses an operator token shorter than 32 characters or of very low variety, saying how to make one', () => {
    for (const token of [
      'aaaaaaaaaaaaaaaa',
      'ab12cd34ef56gh78ij90kl12mn34op5',
      'a'.repeat(40),
      'abcdabcdabcdabcdabcdabcdabcdabcdabcd',
      '0101010101010101010101010101010101',
    ]) {
      const errors = refusals({ OPERATOR_TOKEN: token });
      expect(errors, token).toHaveLength(1);
      expect(errors[0], token).toMatch(/^OPERATOR_TOKEN: .*openssl rand -hex 32/);
    }
  });

  it('refuses a SECRET_KEY of equal or repeated bytes, or the sandbox key, saying how to make one', () => {
    for (const key of [
      '0'.repeat(64),
      'ab'.repeat(32),
      '0123456789abcdef'.repeat(4),
      '73616e64626f782d6f6e6c792d6b65792d6e6f742d666f722d70726f64756374',
    ]) {
      const errors = refusals({ SECRET_KEY: key });
      expect(errors, key).toHaveLength(1);
      expect(errors[0], key).toMatch(/^SECRET_KEY: .*openssl rand -hex 32/);
    }
  });

  it('refuses a plain-http public URL unless ALLOW_INSECURE_PUBLIC_URL says it is meant, and remembers it', () => {
    expect(refusals({ PUBLIC_BASE_URL: 'http://pay.example' })).toEqual([
      expect.stringMatching(/^PUBLIC_BASE_URL: plain http .*ALLOW_INSECURE_PUBLIC_URL=true/),
    ]);
    const allowed = loadConfig({
      ...SAFE_PRODUCTION,
      PUBLIC_BASE_URL: 'http://pay.example',
      ALLOW_INSECURE_PUBLIC_URL: 'true',
    });
    expect(allowed.ok && allowed.config.insecurePublicUrl).toBe(true);
    const sandbox = loadConfig({ PUBLIC_BASE_URL: 'http://localhost:8080' });
    expect(sandbox.ok && sandbox.config.insecurePublicUrl).toBe(false);
  });

  it('names every unsafe value at once', () => {
    const errors = refusals({
      OPERATOR_TOKEN: 'aaaaaaaaaaaaaaaa',
      SECRET_KEY: '0'.repeat(64),
      PUBLIC_BASE_URL: 'http://x.example',
    });
    expect(errors.map((error) => error.split(':')[0])).toEqual([
      'OPERATOR_TOKEN',
      'SECRET_KEY',
      'PUBLIC_BASE_URL',
    ]);
  });
});

describe('dual control (DUAL_CONTROL)', () => {
  it('is on in production unless set to off, and off in sandbox unless set to on', () => {
    const dual = (env: Record<string, string>) => {
      const result = loadConfig(env);
      if (!result.ok) throw new Error(result.errors.join('; '));
      return result.config.dualControl;
    };
    expect(dual(SAFE_PRODUCTION)).toBe(true);
    expect(dual({ ...SAFE_PRODUCTION, DUAL_CONTROL: 'off' })).toBe(false);
    expect(dual({})).toBe(false);
    expect(dual({ DUAL_CONTROL: 'on' })).toBe(true);
    const refused = loadConfig({ DUAL_CONTROL: 'no' });
    expect(refused.ok ? [] : refused.errors).toEqual([expect.stringMatching(/^DUAL_CONTROL: /)]);
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
