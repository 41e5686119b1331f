/**
 * One process per embedded store: real service processes (startService, through tsx) on one
 * DATA_DIR. Generous timeouts, no timing assertions: each step waits for what a process prints.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../../src/server/store/data-dir-lock.js';
import { printed, startSandboxService } from '../support/child-service.js';

const root = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const startService = (dataDir: string) => startSandboxService(root, dataDir);

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
