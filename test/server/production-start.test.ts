/**
 * The real service process (src/server/main.ts through tsx, as the other process tests run it)
 * started in production mode with each unsafe value: it refuses to start, naming the variable
 * and how to make a good value. Generous timeouts, no timing assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/service.js';
import { printed, type Started, startTsx } from './support/child-service.js';
import { PRODUCTION_SECRET_KEY } from './support/test-app.js';

const dataDir = mkdtempSync(join(tmpdir(), 'production-start-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const SAFE = {
  MODE: 'production',
  SECRET_KEY: PRODUCTION_SECRET_KEY,
  OPERATOR_TOKEN: 'k3Jq9x-Lm2Vt8Rw5Zp1Yb7Nc4Hd6Fs0Ge',
  PUBLIC_BASE_URL: 'https://pay.example',
};

async function start(env: Record<string, string>): Promise<Started> {
  return startTsx('src/server/main.ts', {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    ...env,
  });
}

describe('a production start with an unsafe value', () => {
  for (const [name, value, says] of [
    [
      'OPERATOR_TOKEN',
      'aaaaaaaaaaaaaaaa',
      /OPERATOR_TOKEN: 16 characters; production needs at least 32: .*openssl rand -hex 32/,
    ],
    ['OPERATOR_TOKEN', 'abcd'.repeat(10), /OPERATOR_TOKEN: too little variety .*openssl rand -hex 32/],
    ['SECRET_KEY', '0'.repeat(64), /SECRET_KEY: repeated or too few different bytes .*openssl rand -hex 32/],
    [
      'PUBLIC_BASE_URL',
      'http://pay.example',
      /PUBLIC_BASE_URL: plain http in production .*ALLOW_INSECURE_PUBLIC_URL=true/,
    ],
  ] as const) {
    it(`refuses ${name}=${value.slice(0, 20)}…, naming the variable and how to make a good value`, async () => {
      const service = await start({ ...SAFE, [name]: value });
      expect(await service.exited).toBe(1);
      expect(service.output()).toContain('Configuration error:');
      expect(service.output()).toMatch(says);
      expect(service.output()).not.toContain('Service ready');
    }, 120_000);
  }

  it('says so at start when a plain-http public URL is allowed on purpose', async () => {
    const service = await start({
      ...SAFE,
      PUBLIC_BASE_URL: 'http://pay.example',
      ALLOW_INSECURE_PUBLIC_URL: 'true',
    });
    await printed(service, 'WARNING: PUBLIC_BASE_URL is plain http in production');
    expect(service.output()).not.toContain('Configuration error:');
    if (service.child.exitCode === null) service.child.kill('SIGTERM');
    await service.exited;
  }, 180_000);

  it('says so at start when dual control is set off', async () => {
    const service = await start({ ...SAFE, DUAL_CONTROL: 'off' });
    await printed(service, 'WARNING: DUAL_CONTROL=off: one operator alone can post credits');
    expect(service.output()).not.toContain('Configuration error:');
    if (service.child.exitCode === null) service.child.kill('SIGTERM');
    await service.exited;
  }, 180_000);
});
