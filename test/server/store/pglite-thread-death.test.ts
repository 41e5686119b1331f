/**
 * The embedded store's thread dies (an exception, out of memory; here it is stopped from
 * outside): nothing waits for it for ever, and the service exits with a failure and a log line
 * that says why, so that its supervisor starts it again (decision 0041).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../src/server/service.js';
import { openPgliteDb } from '../../../src/server/store/pglite-db.js';
import { storeThreads } from '../../../src/server/store/pglite-thread-client.js';
import { migratedTemplate } from '../support/test-db.js';

const root = mkdtempSync(join(tmpdir(), 'store-thread-death-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe("the embedded store's thread dies", () => {
  it('fails the statements under way and every later one, tells the listeners, and says it failed', async () => {
    const before = new Set(storeThreads());
    const db = await openPgliteDb('memory://', await migratedTemplate(), 'worker');
    const [thread] = storeThreads().filter((worker) => !before.has(worker));
    if (!thread) throw new Error('no thread for the store');
    const states: string[] = [];
    await db.listen(['order_changes'], {
      notify: () => undefined,
      lost: () => states.push('lost'),
      resumed: () => states.push('resumed'),
    });
    let inTransaction!: () => void;
    const opened = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      inTransaction();
      await thread.terminate();
      return tx.query('SELECT 2');
    });
    await opened;
    await expect(transaction).rejects.toThrow(/thread stopped/);
    expect((await db.failed)?.message).toMatch(/thread stopped/);
    expect(states).toEqual(['lost']);
    await expect(db.query('SELECT 1')).rejects.toThrow(/thread stopped/);
    await db.close();
  });

  it('makes the service exit with a failure and a log line saying why', async () => {
    const checkoutDir = join(root, 'checkout');
    mkdirSync(checkoutDir, { recursive: true });
    writeFileSync(join(checkoutDir, 'index.html'), '<!doctype html><title>checkout</title>');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/server/store/support/service-process.ts'],
      {
        env: {
          CHECKOUT_DIR: checkoutDir,
          ...process.env,
          MODE: 'sandbox',
          DATA_DIR: join(root, 'data'),
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          DEMO_MERCHANT: 'false',
          OPERATOR_TOKEN: 'thread-death-operator-token',
          EMBEDDED_STORE_THREAD: 'worker',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect
      .poll(() => output.includes('Service ready at') || child.exitCode !== null, {
        timeout: 180_000,
        interval: 100,
      })
      .toBe(true);
    expect(output).toContain('Service ready at');
    child.kill('SIGUSR2');
    expect(await exited).toBe(1);
    expect(output).toContain(
      'the embedded store stopped: exiting for the supervisor to start the service again',
    );
  }, 240_000);
});
