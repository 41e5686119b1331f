/**
 * `operator merchant:profile` as an operator runs it: the CLI as its own process against the
 * service over HTTP, judged by what it prints, its exit code and the merchant the service then holds.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';

let t: TestApp;
let server: ReturnType<typeof createAdaptorServer>;
let serviceUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  server = createAdaptorServer({ fetch: t.app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the operator CLI from its source, as `npm run operator -- …` runs its build. */
function cli(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/operator/cli.ts', ...args], {
      env: { ...process.env, SERVICE_URL: serviceUrl, OPERATOR_TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const stored = async (uid: string) =>
  (await json(await t.operator('GET', `/operator/api/merchants/${uid}`))).data as Record<string, unknown>;

describe('operator merchant:profile', () => {
  it('sets the UPI merchant category, purpose and support contact, and prints the merchant', async () => {
    const uid = t.merchant.merchant_uid;
    const run = await cli([
      'merchant:profile',
      uid,
      '--upi-mc',
      '5411',
      '--upi-purpose',
      '00',
      '--support-contact',
      'help@chaipoint.example',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      result: 'success',
      data: { uid, upi_mc: '5411', upi_purpose: '00', support_contact: 'help@chaipoint.example' },
    });
    expect(await stored(uid)).toMatchObject({
      upi_mc: '5411',
      upi_purpose: '00',
      support_contact: 'help@chaipoint.example',
    });

    // An empty value clears that field; a field not given is left as it was.
    const cleared = await cli(['merchant:profile', uid, '--support-contact', '']);
    expect(cleared.code).toBe(0);
    expect(await stored(uid)).toMatchObject({ upi_mc: '5411', upi_purpose: '00', support_contact: '' });
  }, 60_000);

  it('exits 1 with the service error for a bad value or an unknown merchant, changing nothing', async () => {
    const uid = t.merchant.merchant_uid;
    const before = await stored(uid);
    const bad = await cli(['merchant:profile', uid, '--upi-mc', '54']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      result: 'error',
      data: { error: 'invalid_field', details: expect.stringContaining('upi_mc') },
    });
    expect(await stored(uid)).toEqual(before);

    const unknown = await cli(['merchant:profile', 'M-no-such-merchant', '--upi-mc', '5411']);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ result: 'error', data: { error: 'not_found' } });
  }, 60_000);

  it('merchant:callbacks sets which status changes are called back', async () => {
    const uid = t.merchant.merchant_uid;
    const run = await cli(['merchant:callbacks', uid, 'final']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      result: 'success',
      data: { uid, callback_statuses: 'final' },
    });
    expect(await stored(uid)).toMatchObject({ callback_statuses: 'final' });

    const wrong = await cli(['merchant:callbacks', uid, 'some']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('all or final');
    expect(await stored(uid)).toMatchObject({ callback_statuses: 'final' });
    expect((await cli(['merchant:callbacks', uid, 'all'])).code).toBe(0);
    expect(await stored(uid)).toMatchObject({ callback_statuses: 'all' });
  }, 60_000);
});
