/**
 * One process per embedded store: real service processes (startService, through tsx) on one
 * DATA_DIR. Generous timeouts, no timing assertions: each step waits for what a process prints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../src/server/service.js';
import { DataDirLockedError, lockDataDir } from '../../../src/server/store/data-dir-lock.js';

const root = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
const checkoutDir = join(root, 'checkout');
mkdirSync(checkoutDir);
writeFileSync(join(checkoutDir, 'index.html'), '<!doctype html><title>checkout</title>');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

interface Service {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

async function startService(dataDir: string): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/server/store/support/service-process.ts'], {
    env: {
      CHECKOUT_DIR: checkoutDir,
      ...process.env,
      MODE: 'sandbox',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_MERCHANT: 'false',
      OPERATOR_TOKEN: 'lock-test-operator-token',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once the process printed `text`, or fails if it exits first. */
async function printed(service: Service, text: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!service.output().includes(text)) {
    if (service.child.exitCode !== null) throw new Error(`exited before "${text}":\n${service.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within 180 s:\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('one process per DATA_DIR', () => {
  it('refuses a second process naming the first, takes over after a kill -9, and releases on exit', async () => {
    const dataDir = join(root, 'nested', 'missing', 'data');
    const first = await startService(dataDir);
    await printed(first, 'Service ready');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);

    const second = await startService(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by process ${first.child.pid}`);

    // A crash leaves the lock behind; the next start takes it over at once.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, 'service.lock'))).toBe(true);
    const third = await startService(dataDir);
    await printed(third, 'Service ready');
    const holder = JSON.parse(readFileSync(join(dataDir, 'service.lock.json'), 'utf8'));
    expect(holder.pid).toBe(third.child.pid);

    // A clean stop releases it.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dataDir, 'service.lock'))).toBe(false);
  }, 240_000);
});

describe('lockDataDir', () => {
  it('refuses the same directory twice in one process and takes it again once released', async () => {
    const dataDir = join(root, 'in-process');
    const lock = await lockDataDir(dataDir, () => {});
    const again = lockDataDir(dataDir, () => {}, { waitForStaleMs: 0 });
    await expect(again).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(again).rejects.toThrow(`in use by process ${process.pid}`);
    await lock.release();
    const relocked = await lockDataDir(dataDir, () => {});
    await relocked.release();
  });
});
